/**
 * REFACTOR runs the tests the change can affect, through real `git commit` with node --test (no
 * related-tests mode of its own: the static import graph of the staged tree): a refactor of
 * src/slug.js that breaks test/title.test.js (through src/title.js) is refused; `"refactorRuns":
 * "targeted"` runs only the task's tests; `tdd audit --replay` judges the history the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const SLUG = 'export const lower = (s) => s.toLowerCase();\n';
const TITLE = "import { lower } from './slug.js';\n\nexport const title = (s) => lower(s).replace(/^./, (c) => c.toUpperCase());\n";
const TITLE_TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { title } from '../src/title.js';\n\ntest('title', () => {\n  assert.equal(title('HELLO'), 'Hello');\n});\n";
const SLUG_TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { slugify } from '../src/slug.js';\n\ntest('slugify', () => {\n  assert.equal(slugify('A B'), 'a-b');\n});\n";
const GREEN = `${SLUG}export const slugify = (s) => lower(s).split(' ').join('-');\n`;
// Still slugifies; `lower` no longer lowers: title's test breaks, slugify's does not.
const BROKEN = "export const lower = (s) => s;\nexport const slugify = (s) => s.toLowerCase().split(' ').join('-');\n";

describe('REFACTOR with node --test: the static import graph', () => {
  let r: Repo;
  beforeAll(() => {
    r = makeRepo({ 'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n' });
    expect(r.tdd('install').status).toBe(0);
    r.tdd('phase', 'off', '--reason', 'skeleton');
    r.write({ 'src/slug.js': SLUG, 'src/title.js': TITLE, 'test/title.test.js': TITLE_TEST });
    r.git('add', '-A');
    attemptCommit(r, 0);
    r.tdd('phase', 'red');
    r.write({ 'test/slug.test.js': SLUG_TEST });
    r.git('add', 'test/slug.test.js');
    attemptCommit(r, 0);
    r.write({ 'src/slug.js': GREEN });
    r.git('add', 'src/slug.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
  });
  afterAll(() => r.cleanup());

  it("refuses a refactor that breaks another file's test; targeted runs the task's tests only; audit --replay agrees", () => {
    r.write({ 'src/slug.js': BROKEN });
    r.git('add', 'src/slug.js');
    const out = attemptCommit(r, 1, 'GREEN_TESTS_FAIL');
    expect(out).toContain('test/title.test.js');

    // The same commit made past the hooks, claiming REFACTOR: the replay runs what the hook would have.
    r.git('add', 'src/slug.js');
    r.git('commit', '-q', '--no-verify', '-m', 'refactor: slug', '-m', 'TDD-Phase: refactor');
    const replay = r.tdd('audit', 'HEAD~1..HEAD', '--replay', '--json');
    expect(replay.stdout).toContain('AUDIT_REPLAY_GREEN_FAILED');
    r.git('reset', '-q', 'HEAD~1');

    // targeted: only the task's tests run, and the same refactor goes through.
    r.write({ '.tddrc.json': JSON.stringify({ runner: 'node', refactorRuns: 'targeted' }) + '\n' });
    r.git('commit', '-q', '--no-verify', '-m', 'targeted', '-m', 'TDD-Phase: off', '.tddrc.json');
    r.tdd('phase', 'refactor');
    r.git('add', 'src/slug.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Tests']).toBe("targeted: the task's tests");
  });

  it('names the import graph in TDD-Tests when the refactor is sound', () => {
    r.write({ '.tddrc.json': JSON.stringify({ runner: 'node' }) + '\n', 'src/slug.js': GREEN });
    r.git('commit', '-q', '--no-verify', '-m', 'related again', '-m', 'TDD-Phase: off', '.tddrc.json');
    r.tdd('phase', 'refactor');
    r.write({ 'src/slug.js': GREEN.replace("split(' ').join('-')", "replaceAll(' ', '-')") });
    r.git('add', 'src/slug.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Tests']).toBe('related: import graph');
  });

  it('past relatedFileLimit the import graph’s choice is not run: exit 3 RELATED_OVER_BUDGET, the broken refactor never accepted', () => {
    r.write({ '.tddrc.json': JSON.stringify({ runner: 'node', relatedFileLimit: 0 }) + '\n' });
    r.git('commit', '-q', '--no-verify', '-m', 'no related files', '-m', 'TDD-Phase: off', '.tddrc.json');
    r.tdd('phase', 'refactor');
    r.write({ 'src/slug.js': BROKEN });
    r.git('add', 'src/slug.js');
    attemptCommit(r, 1, 'RELATED_OVER_BUDGET');
    const events = r.read('.git/tdd/events.jsonl').trim().split('\n');
    expect(JSON.parse(events.at(-1)!)).toMatchObject({ exitCode: 3, codes: ['RELATED_OVER_BUDGET'] });
  });
});
