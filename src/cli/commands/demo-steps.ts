/** The demo's script: a slugify function built test-first, and the cheats the hooks refuse. */

export interface DemoStep {
  title: string;
  explain?: string;
  /** Arguments of `tdd phase` run before the step. */
  phase?: string[];
  write?: Record<string, string>;
  stage: string[];
  /** Written after staging: unstaged changes the verdict must ignore. */
  afterStage?: Record<string, string>;
  /** Run before staging, as the user would (`npx vitest run` writes new snapshots): shown, and its argv. */
  before?: { show: string; argv: string[] };
  /** A text replaced in a file before staging (an edit of what a runner wrote). */
  rewrite?: { path: string; from: string; to: string };
  message: string;
  expect: 'accepted' | 'refused';
  code?: string;
  /** After a refusal: files to delete and tracked files to restore, so the next step starts clean. */
  undo?: string[];
  restore?: string[];
}

const TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from '../src/slug.js';

test('lowercases words and joins them with dashes', () => {
  assert.equal(slugify('Hello World'), 'hello-world');
});

test('drops characters that are not letters or digits', () => {
  assert.equal(slugify('Ship it, now!'), 'ship-it-now');
});
`;

const IMPL = `export function slugify(text) {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}
`;

const IMPL_REFACTORED = `const WORD = /[a-z0-9]+/g;

/** "Ship it, now!" → "ship-it-now" */
export function slugify(text) {
  return (text.toLowerCase().match(WORD) ?? []).join('-');
}
`;

/** The frozen test, weakened: what a commit made with --no-verify slips into the history. */
export const DEMO_BYPASS_TEST = TEST.replace("'ship-it-now'", "slugify('Ship it, now!')");

export const DEMO_STEPS: DemoStep[] = [
  {
    title: 'The setup commit right after install: configuration and manifests need no phase',
    write: {
      'package.json': JSON.stringify({ name: 'slug-demo', type: 'module', scripts: { test: 'node --test' } }, null, 2) + '\n',
      'README.md': '# slug-demo\n',
    },
    stage: ['package.json', 'README.md', '.tddrc.json'],
    message: 'chore: add tdd-hooks',
    expect: 'accepted',
    code: 'SETUP_COMMIT',
  },
  {
    title: 'Cheat: RED with the implementation staged alongside the test',
    explain: 'A RED commit holds only tests: the test must be seen failing before any code exists.',
    phase: ['red'],
    write: { 'test/slug.test.js': TEST, 'src/slug.js': IMPL },
    stage: ['test/slug.test.js', 'src/slug.js'],
    message: 'test: slugify',
    expect: 'refused',
    code: 'RED_IMPL_STAGED',
    undo: ['src/slug.js', 'test/slug.test.js'],
  },
  {
    title: 'Cheat: a "test" that only prints',
    write: {
      'test/slug.test.js': `import { test } from 'node:test';\n\ntest('slugify', () => {\n  console.log('looks fine'); // assert.equal(1, 2) in a comment does not count\n});\n`,
    },
    stage: ['test/slug.test.js'],
    message: 'test: slugify',
    expect: 'refused',
    code: 'ASSERTION_PRINT_ONLY',
    undo: ['test/slug.test.js'],
  },
  {
    title: 'Cheat: a RED test that fails for the wrong reason (a package that is not installed)',
    explain: 'Failing is not enough: a crash on a missing package proves nothing about the behaviour.',
    write: { 'test/slug.test.js': TEST.replace("'../src/slug.js'", "'slugify-pro'") },
    stage: ['test/slug.test.js'],
    message: 'test: slugify',
    expect: 'refused',
    code: 'RED_WRONG_REASON',
    undo: ['test/slug.test.js'],
  },
  {
    title: 'RED: failing tests, for the right reason (slugify does not exist yet)',
    write: { 'test/slug.test.js': TEST },
    stage: ['test/slug.test.js'],
    message: 'test: slugify lowercases and dashes words',
    expect: 'accepted',
  },
  {
    title: 'Cheat: GREEN that edits the frozen test to make it pass',
    explain: 'Test files are frozen after RED (same git blob ids): weakening the test is refused.',
    write: { 'test/slug.test.js': TEST.replace("'ship-it-now'", "slugify('Ship it, now!')"), 'src/slug.js': IMPL },
    stage: ['test/slug.test.js', 'src/slug.js'],
    message: 'feat: slugify',
    expect: 'refused',
    code: 'TESTS_CHANGED',
    undo: ['src/slug.js'],
    restore: ['test/slug.test.js'],
  },
  {
    title: 'Cheat: stage a broken implementation, keep the working one unstaged',
    explain: 'The tests run on a private copy of exactly what is staged, never on the working tree.',
    write: { 'src/slug.js': "export function slugify(text) {\n  return text.toLowerCase().replace(/ /g, '-');\n}\n" },
    stage: ['src/slug.js'],
    afterStage: { 'src/slug.js': IMPL },
    message: 'feat: slugify',
    expect: 'refused',
    code: 'GREEN_TESTS_FAIL',
    undo: ['src/slug.js'],
  },
  {
    title: 'GREEN: the implementation makes the tests pass',
    write: { 'src/slug.js': IMPL },
    stage: ['src/slug.js'],
    message: 'feat: slugify',
    expect: 'accepted',
  },
  {
    title: 'REFACTOR: same behaviour, better code, tests still frozen and green',
    write: { 'src/slug.js': IMPL_REFACTORED },
    stage: ['src/slug.js'],
    message: 'refactor: slugify with a single match',
    expect: 'accepted',
  },
  {
    title: 'Cheat: a new RED test that is skipped',
    phase: ['red'],
    write: {
      'test/slug-empty.test.js': `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { slugify } from '../src/slug.js';\n\ntest.skip('an empty title gives "untitled"', () => {\n  assert.equal(slugify(''), 'untitled');\n});\n`,
    },
    stage: ['test/slug-empty.test.js'],
    message: 'test: empty titles',
    expect: 'refused',
    code: 'MARKER_SKIP',
    undo: ['test/slug-empty.test.js'],
  },
  {
    title: 'Cheat: a RED test that already passes (the behaviour exists)',
    write: {
      'test/slug-trim.test.js': `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { slugify } from '../src/slug.js';\n\ntest('trims surrounding spaces', () => {\n  assert.equal(slugify('  spaced out  '), 'spaced-out');\n});\n`,
    },
    stage: ['test/slug-trim.test.js'],
    message: 'test: trims spaces',
    expect: 'refused',
    code: 'RED_TESTS_PASS',
  },
  {
    title: 'RED-impossible, said out loud: the same test committed as a regression test',
    explain: 'Terminal state from practice: faithful tests of existing behaviour, recorded as such.',
    phase: ['red', '--regression'],
    stage: ['test/slug-trim.test.js'],
    message: 'test: trims spaces (regression)',
    expect: 'accepted',
  },
];
