/**
 * git/index-file against the index files git itself writes (versions 2, 3, 4; a split index; an
 * intent-to-add and a conflicted entry): the same blob ids as `git ls-files -s`, or undefined.
 * Then the guard that trusts it: a `git add` of another file decides without starting git; a
 * staged runner file that moves the test globs is read from git, never answered from the cache.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexEntriesOf } from '../../../src/git/index-file.js';
import { BIN, makeRepo, type Repo } from '../../helpers/repo.js';

let repo: Repo;
const PATHS = ['package.json', '.mocharc.json', 'src/deep/a-file-with-a-longer-name.js', 'docs/é.md', 'absent.txt'];

/** What git says: path → blob id of stage 0, for the paths asked. */
function gitEntries(paths: string[]): Record<string, string | null> {
  const out: Record<string, string | null> = Object.fromEntries(paths.map((p) => [p, null]));
  for (const line of repo.git('-c', 'core.quotePath=false', 'ls-files', '-s', '-z').split('\0')) {
    const m = /^\d+ ([0-9a-f]+) 0\t(.+)$/.exec(line);
    if (m && m[2]! in out) out[m[2]!] = m[1]!;
  }
  return out;
}
const readIndex = () => indexEntriesOf(readFileSync(join(repo.dir, '.git', 'index')), PATHS, 20);

beforeAll(() => {
  repo = makeRepo({
    'package.json': '{"name":"p","scripts":{"test":"mocha"}}\n',
    '.tddrc.json': '{"runner":"mocha"}\n',
    '.gitignore': 'node_modules/\n',
    'src/deep/a-file-with-a-longer-name.js': 'export const a = 1;\n',
    'src/b.js': 'export const b = 2;\n',
    'docs/é.md': 'é\n',
  });
  repo.git('add', '-A');
  repo.tdd('phase', 'off', '--reason', 'skeleton');
  repo.git('commit', '-qm', 'skeleton', '--no-verify');
});
afterAll(() => repo.cleanup());

describe('indexEntriesOf, on the index files git writes', () => {
  it.each([2, 3, 4])('index version %i: the ids git lists, null for a path not there', (version) => {
    repo.git('update-index', '--index-version', String(version));
    // Version 3 only differs with an extended flag: skip-worktree on one entry.
    if (version === 3) repo.git('update-index', '--skip-worktree', 'src/b.js');
    expect(readIndex()).toEqual(gitEntries(PATHS));
    expect(readIndex()!['absent.txt']).toBeNull();
    if (version === 3) repo.git('update-index', '--no-skip-worktree', 'src/b.js');
  });

  it('undefined for an intent-to-add entry, a conflict, a split index, or a truncated file', () => {
    repo.write({ '.mocharc.json': '{"spec":"checks/**/*.js"}\n' });
    repo.git('add', '-N', '.mocharc.json');
    expect(readIndex()).toBeUndefined();
    repo.git('rm', '-q', '--cached', '.mocharc.json');
    const blob = repo.git('rev-parse', 'HEAD:package.json').trim();
    repo.run('git', ['update-index', '--index-info'], {
      input: `0 ${'0'.repeat(40)}\tpackage.json\n100644 ${blob} 1\tpackage.json\n100644 ${blob} 2\tpackage.json\n`,
    });
    expect(readIndex()).toBeUndefined();
    repo.git('reset', '-q');
    expect(readIndex()).toEqual(gitEntries(PATHS));
    repo.git('update-index', '--split-index');
    expect(indexEntriesOf(readFileSync(join(repo.dir, '.git', 'index')), PATHS, 20)).toBeUndefined();
    repo.git('update-index', '--no-split-index');
    const whole = readFileSync(join(repo.dir, '.git', 'index'));
    expect(indexEntriesOf(whole, PATHS, 20)).toEqual(gitEntries(PATHS));
    expect(indexEntriesOf(whole.subarray(0, whole.length - 30), PATHS, 20)).toBeUndefined();
  });
});

describe('the guard after git add', () => {
  const guard = (file: string, trace: string) => {
    const input = JSON.stringify({
      hook_event_name: 'PreToolUse',
      cwd: repo.dir,
      tool_name: 'Write',
      tool_input: { file_path: join(repo.dir, file), content: 'x' },
    });
    const out = repo.run(process.execPath, [BIN, 'guard', 'claude', '--json'], { input, env: { CLAUDE_PROJECT_DIR: repo.dir, GIT_TRACE: trace } });
    const json = JSON.parse(out.stdout) as { decision: { allow: boolean; findings: { code: string }[] } };
    expect(json.decision.findings.map((f) => f.code)).not.toContain('GUARD_ERROR');
    return json.decision.allow;
  };
  const traced = (trace: string) => {
    try {
      return readFileSync(trace, 'utf8');
    } catch {
      return '';
    }
  };

  it('an unrelated file staged: no git process; the runner file staged: git asked, and its globs apply', () => {
    expect(repo.tdd('phase', 'red', '--task', 'T1').status).toBe(0);
    const trace = join(repo.dir, '..', `${repo.dir.split('/').pop()}-trace`);
    try {
      expect(guard('checks/a.js', trace)).toBe(false); // not a test yet: mocha's default spec is ./test
      repo.write({ 'docs/more.md': 'more\n' });
      repo.git('add', 'docs/more.md');
      rmSync(trace, { force: true });
      expect(guard('checks/a.js', trace)).toBe(false);
      expect(traced(trace)).toBe('');
      // mocha now runs checks/**: the index's .mocharc.json is what the run reads, so a test file from this call on.
      repo.write({ '.mocharc.json': '{"spec":"checks/**/*.js"}\n' });
      repo.git('add', '.mocharc.json');
      expect(guard('checks/a.js', trace)).toBe(true);
      expect(traced(trace)).toMatch(/git cat-file/);
    } finally {
      rmSync(trace, { force: true });
    }
  });
});
