import { describe, expect, it } from 'vitest';
import { HUSKY_SHEBANG, planBlockInstall, planBlockUninstall, planShimInstall, planShimUninstall, type FileState } from '../../../src/install/plan.js';

const SHIM = '#!/bin/sh\n# tdd-hooks shim 1: x\nexec node cli hook pre-commit "$@"\n';
const OLD_SHIM = '#!/bin/sh\n# tdd-hooks shim 0: x\nexec npx tdd hook pre-commit "$@"\n';
const BLOCK = '# >>> tdd-hooks >>>\nnode cli hook pre-commit "$@" || exit $?\n# <<< tdd-hooks <<<\n';
const P = '/r/.git/hooks/pre-commit';
const B = `${P}.pre-tdd-hooks`;

const absent: FileState = { kind: 'absent' };
const file = (content: string, mode = 0o755): FileState => ({ kind: 'file', content, mode });
const other: FileState = { kind: 'other' };
const USER = file('#!/bin/sh\nmake lint\n');

describe('planShimInstall', () => {
  it.each<[string, FileState, FileState, string, string[]]>([
    ['nothing there', absent, absent, 'installed', ['write']],
    ['our shim, same bytes', file(SHIM), absent, 'unchanged', []],
    ['our shim, older template', file(OLD_SHIM), absent, 'updated', ['write']],
    ['our shim, not executable', file(SHIM, 0o644), absent, 'updated', ['write']],
    ['a user hook', USER, absent, 'chained', ['rename', 'write']],
    ['a symlink', other, absent, 'chained', ['rename', 'write']],
    ['our shim already chaining', file(SHIM), USER, 'unchanged', []],
    ['the chained hook put back by a manager', USER, USER, 'chained', ['write']],
    ['an install interrupted after moving the hook aside', absent, USER, 'installed', ['write']],
  ])('%s → %s', (_, current, backup, action, ops) => {
    const plan = planShimInstall('pre-commit', P, current, backup, SHIM);
    expect(plan.ok && plan.report.action).toBe(action);
    expect(plan.ok && plan.ops.map((o) => o.op)).toEqual(ops);
  });

  it('moves the old hook aside before writing ours, and reports it', () => {
    expect(planShimInstall('pre-commit', P, USER, absent, SHIM)).toEqual({
      ok: true,
      report: { hook: 'pre-commit', path: P, action: 'chained', chained: B, owner: 'unknown' },
      ops: [
        { op: 'rename', from: P, to: B },
        { op: 'write', path: P, content: SHIM, mode: 0o755 },
      ],
    });
  });

  it('refuses when the backup name holds a different hook', () => {
    expect(planShimInstall('pre-commit', P, USER, file('#!/bin/sh\nother\n'), SHIM)).toEqual({
      ok: false,
      problem: { code: 'CHAIN_BACKUP_EXISTS', path: B },
    });
  });
});

describe('planShimUninstall', () => {
  it.each<[string, FileState, FileState, string, string[]]>([
    ['our shim', file(SHIM), absent, 'removed', ['delete']],
    ['our shim chaining a hook', file(SHIM), USER, 'restored', ['delete', 'rename']],
    ['an interrupted install', absent, USER, 'restored', ['rename']],
    ['nothing', absent, absent, 'absent', []],
    ['a user hook', USER, absent, 'foreign', []],
    ['a user hook that replaced ours', USER, USER, 'foreign', []],
  ])('%s → %s', (_, current, backup, action, ops) => {
    const plan = planShimUninstall('pre-commit', P, current, backup);
    expect(plan.ok && plan.report.action).toBe(action);
    expect(plan.ok && plan.ops.map((o) => o.op)).toEqual(ops);
  });
});

describe('planShimUninstall of a shim the user edited', () => {
  const pristine = (content: string) => content === SHIM;
  it.each<[string, FileState, string | undefined]>([
    ['alone', absent, undefined],
    ['chaining a hook (left beside it)', USER, B],
  ])('%s: kept, nothing written', (_, backup, chained) => {
    const plan = planShimUninstall('pre-commit', P, file(`${SHIM}# mine\n`), backup, pristine);
    expect(plan).toEqual({ ok: true, report: { hook: 'pre-commit', path: P, action: 'edited', ...(chained ? { chained } : {}) }, ops: [] });
  });
  it('the shim as install wrote it goes', () => {
    expect(planShimUninstall('pre-commit', P, file(SHIM), absent, pristine)).toMatchObject({ ok: true, report: { action: 'removed' } });
  });
});

describe('planBlockInstall / planBlockUninstall', () => {
  const H = '/r/.husky/pre-commit';

  it("husky init's `npm test`: reported; with replaceTestLine commented out; uninstall gives the script back", () => {
    const init = file('npm test\n');
    const named = planBlockInstall('pre-commit', H, init, BLOCK);
    expect(named.ok && named.report.testLines).toEqual([{ line: 1, text: 'npm test', replaced: false }]);
    const replaced = planBlockInstall('pre-commit', H, init, BLOCK, { replaceTestLine: true });
    expect(replaced.ok && replaced.report.testLines).toEqual([{ line: 1, text: 'npm test', replaced: true }]);
    const written = replaced.ok ? (replaced.ops[0] as { content: string }).content : '';
    expect(written.startsWith('# ')).toBe(true);
    const back = planBlockUninstall('pre-commit', H, file(written));
    expect(back).toEqual({
      ok: true,
      report: { hook: 'pre-commit', path: H, action: 'block-removed', restoredLines: 1 },
      ops: [{ op: 'write', path: H, content: 'npm test\n', mode: 0o755 }],
    });
  });

  it('creates a missing script with a shebang, executable', () => {
    expect(planBlockInstall('pre-commit', H, absent, BLOCK)).toEqual({
      ok: true,
      report: { hook: 'pre-commit', path: H, action: 'installed' },
      ops: [{ op: 'write', path: H, content: HUSKY_SHEBANG + BLOCK, mode: 0o755 }],
    });
  });

  it.each<[string, FileState, string]>([
    ['user lines', file('npm test\n', 0o644), 'installed'],
    ['our block already', file(`npm test\n${BLOCK}`, 0o644), 'unchanged'],
    ['an older block', file(`npm test\n${BLOCK.replace('cli', 'old')}`, 0o644), 'updated'],
  ])('%s → %s, keeping the mode', (_, current, action) => {
    const plan = planBlockInstall('pre-commit', H, current, BLOCK);
    expect(plan.ok && plan.report.action).toBe(action);
    if (plan.ok && plan.ops[0]?.op === 'write') expect(plan.ops[0].mode).toBe(0o644);
  });

  it('refuses a symlink and a broken block', () => {
    expect(planBlockInstall('pre-commit', H, other, BLOCK)).toMatchObject({ ok: false, problem: { code: 'NOT_A_FILE' } });
    expect(planBlockInstall('pre-commit', H, file('# >>> tdd-hooks >>>\n'), BLOCK)).toMatchObject({
      ok: false,
      problem: { code: 'BLOCK_MALFORMED', line: 1 },
    });
  });

  it.each<[string, FileState, string, string[]]>([
    ['a script install created', file(HUSKY_SHEBANG + BLOCK), 'deleted', ['delete']],
    ['a script with user lines', file(`npm test\n${BLOCK}`), 'block-removed', ['write']],
    ['a script without our block', file('npm test\n'), 'absent', []],
    ['no script', absent, 'absent', []],
  ])('uninstall: %s → %s', (_, current, action, ops) => {
    const plan = planBlockUninstall('pre-commit', H, current);
    expect(plan.ok && plan.report.action).toBe(action);
    expect(plan.ok && plan.ops.map((o) => o.op)).toEqual(ops);
  });
});
