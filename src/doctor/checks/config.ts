/**
 * config: the configuration the next commit is judged by (HEAD's, or the staged one on an unborn
 * branch) loads. An invalid one stops every hook with exit 2. Its fix is a commit of the repaired
 * file in phase off: the file is test support, which no other phase lets a commit change alone.
 */
import { join } from 'node:path';
import { shQuote } from '../../install/shim.js';
import { arg } from '../fixes.js';
import type { CheckResult, DoctorFacts } from '../types.js';

export function checkConfig({ config: c, layout: l }: DoctorFacts): CheckResult {
  const id = 'config';
  // The file as it is on disk: what the user is editing, and what the next commit stages. Not JSON,
  // it is named with line:column; with committed rules that load, its problems come first (a
  // broken committed file has its own fix below: edit, stage, commit).
  if (c.worktree && (c.ok || c.worktree.line !== undefined)) {
    const w = c.worktree;
    const at = w.line === undefined ? '' : ` +${w.line}`;
    return { id, status: 'fail', code: 'CONFIG_WORKTREE_INVALID', data: { ...w }, fix: `"\${EDITOR:-vi}"${at} ${arg(l, join(l.top, w.file))}` };
  }
  if (!c.ok) {
    const file = (c.problems[0]?.file ?? '.tddrc.json').replace(/#.*$/, '');
    const path = arg(l, join(l.top, file));
    // The commit changes only test support: no TDD phase accepts it but off (recorded, with its reason).
    const why = shQuote(`fix ${file}`);
    const fix = `"\${EDITOR:-vi}" ${path} && git add ${path} && npx tdd phase off --reason ${why} && git commit -m ${why}`;
    return { id, status: 'fail', code: 'CONFIG_INVALID', data: { file, error: c.code, message: c.message, problems: c.problems }, fix };
  }
  const data = { source: c.source, runner: c.runner };
  if (c.warnings.length === 0) return { id, status: 'ok', code: 'CONFIG_OK', data };
  const warnings = c.warnings.map((w) => ({ code: w.code, path: w.path ?? null, ...w.data }));
  const unstaged = [...new Set(c.warnings.filter((w) => w.code === 'CONFIG_UNSTAGED' && w.path).map((w) => w.path!))];
  const fix = unstaged.length ? `git add ${unstaged.map((p) => arg(l, join(l.top, p))).join(' ')}` : undefined;
  return { id, status: 'warn', code: 'CONFIG_WARNINGS', data: { ...data, warnings }, ...(fix ? { fix } : {}) };
}
