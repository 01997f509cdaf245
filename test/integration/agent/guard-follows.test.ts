/**
 * The guard reads the state as the hooks do: followed to HEAD (state/follow-read.ts), on its fast
 * path too. Real commits through the hooks, a real branch switch and `git reset --soft` (which
 * leaves the index, and so the guard's cache key, as it was), then the guard's decision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runGuard } from '../../../src/agent/guard.js';
import { copyRepo, makeRepo, type Repo } from '../../helpers/repo.js';

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n";

/** Codes of a Claude Write of `path` in `r` (empty: allowed), and the phase the guard judged by. */
async function write(r: Repo, path: string): Promise<{ codes: string[]; phase: string | null | undefined }> {
  const input = { file_path: join(r.dir, path), content: 'x\n' };
  const out = await runGuard('claude', JSON.stringify({ hook_event_name: 'PreToolUse', cwd: r.dir, tool_name: 'Write', tool_input: input }), r.env, r.dir);
  return { codes: out.decision?.findings.map((f) => f.code) ?? [], phase: out.decision?.phase };
}

let template: Repo;
/** The skeleton commit (no TDD step yet) and the RED commit on main. */
let skeleton = '';
let red = '';

beforeAll(() => {
  template = makeRepo({ 'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n', '.tddrc.json': '{ "runner": "node" }\n', 'README.md': '# p\n' });
  expect(template.tdd('install').status).toBe(0);
  template.git('add', '-A');
  template.tdd('phase', 'off', '--reason', 'skeleton');
  expect(template.commit('skeleton').status).toBe(0);
  skeleton = template.git('rev-parse', 'HEAD').trim();
  template.git('branch', 'side');
  expect(template.tdd('phase', 'red', '--task', 'T1').status).toBe(0);
  template.write({ 'test/math.test.js': TEST });
  template.git('add', '-A');
  const c = template.commit('test: add');
  expect(c.status, c.stderr).toBe(0);
  red = template.git('rev-parse', 'HEAD').trim();
});
afterAll(() => template.cleanup());

describe('the guard follows HEAD', () => {
  it('after a real branch switch to a branch without the RED commit, and back', async () => {
    const r = copyRepo(template);
    try {
      // On main, after the RED commit: GREEN, tests are read-only.
      expect(await write(r, 'test/math.test.js')).toMatchObject({ phase: 'green', codes: ['TESTS_FROZEN'] });
      r.git('switch', '-q', 'side');
      // side has no RED commit: the phase before it, red on T1; code waits for a test.
      const onSide = await write(r, 'src/math.js');
      expect(onSide.phase).toBe('red');
      expect(onSide.codes).not.toEqual([]);
      expect(await write(r, 'test/math.test.js')).toMatchObject({ codes: [] });
      r.git('switch', '-q', 'main');
      expect(await write(r, 'test/math.test.js')).toMatchObject({ phase: 'green', codes: ['TESTS_FROZEN'] });
    } finally {
      r.cleanup();
    }
  });

  it('on its fast path: HEAD back where its cache was made (reset --soft keeps the index), the state followed elsewhere meanwhile', async () => {
    const r = copyRepo(template);
    try {
      expect(await write(r, 'test/math.test.js')).toMatchObject({ phase: 'green', codes: ['TESTS_FROZEN'] });
      // Off the RED commit, and a status read there: the stored state follows to the skeleton (red).
      r.git('reset', '-q', '--soft', skeleton);
      expect(r.tdd('status').status).toBe(0);
      // Back on the RED commit: the guard's cache key (HEAD, the index's stamp) is the one it made.
      r.git('reset', '-q', '--soft', red);
      expect(await write(r, 'test/math.test.js')).toMatchObject({ phase: 'green', codes: ['TESTS_FROZEN'] });
    } finally {
      r.cleanup();
    }
  });

  it('`phase off --until` past its time: the interrupted phase is back on the fast path too', async () => {
    const r = copyRepo(template);
    try {
      const until = new Date(Date.now() + 3_600_000).toISOString();
      expect(r.tdd('phase', 'off', '--until', until, '--reason', 'spike').status).toBe(0);
      expect(await write(r, 'test/math.test.js')).toMatchObject({ phase: 'off', codes: [] });
      // The hour passes (the clock is not waited on: the stored end is moved to the past).
      const file = join(r.dir, '.git/tdd/state.json');
      const state = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...state, until: '2000-01-01T00:00:00.000Z' }));
      expect(await write(r, 'test/math.test.js')).toMatchObject({ phase: 'green', codes: ['TESTS_FROZEN'] });
    } finally {
      r.cleanup();
    }
  });
});
