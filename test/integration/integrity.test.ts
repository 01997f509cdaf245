/**
 * The integrity rules through real `git commit` with the installed hooks and real runners
 * (vitest, jest, node --test, pytest): each cheat a GREEN could hide in implementation is refused
 * with its code and the tree left byte-identical; the honest controls are accepted; and the same
 * cheat put into the history past the hooks (`git commit --amend --no-verify`, trailers kept) is
 * refused by `tdd audit`.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

interface Runner {
  runner: 'vitest' | 'jest' | 'node' | 'pytest';
  files: Record<string, string>;
  /** The RED test: sum(1, 2) is 3. */
  test: [path: string, text: string];
  /** The implementation file and its export form. */
  impl: string;
  exportOf: (body: string) => string;
  support: [path: string, text: string];
}

const esm = (body: string) => `export function sum(a, b) {\n${body}\n}\n`;
const cjs = (body: string) => `function sum(a, b) {\n${body}\n}\nmodule.exports = { sum };\n`;

const RUNNERS: Runner[] = [
  {
    runner: 'vitest',
    files: { 'package.json': JSON.stringify({ name: 'p', private: true, type: 'module', devDependencies: { vitest: '*' } }) + '\n' },
    test: [
      'test/sum.test.js',
      "import { expect, it } from 'vitest';\nimport { sum } from '../src/sum.js';\n\nit('adds', () => {\n  expect(sum(1, 2)).toBe(3);\n});\n",
    ],
    impl: 'src/sum.js',
    exportOf: esm,
    support: ['test/support/impl.js', 'export function sum() {\n  return 3;\n}\n'],
  },
  {
    runner: 'jest',
    files: { 'package.json': JSON.stringify({ name: 'p', private: true, devDependencies: { jest: '*' } }) + '\n' },
    test: ['test/sum.test.js', "const { sum } = require('../src/sum');\n\ntest('adds', () => {\n  expect(sum(1, 2)).toBe(3);\n});\n"],
    impl: 'src/sum.js',
    exportOf: cjs,
    support: ['test/support/impl.js', 'module.exports = { sum: () => 3 };\n'],
  },
  {
    runner: 'node',
    files: { 'package.json': JSON.stringify({ name: 'p', private: true, type: 'module' }) + '\n' },
    test: [
      'test/sum.test.js',
      "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from '../src/sum.js';\n\ntest('adds', () => {\n  assert.equal(sum(1, 2), 3);\n});\n",
    ],
    impl: 'src/sum.js',
    exportOf: esm,
    support: ['test/support/impl.js', 'export function sum() {\n  return 3;\n}\n'],
  },
];

/** JavaScript cheats, each with the code that refuses it; each would make the frozen test pass. */
const JS_CHEATS = (r: Runner): [string, string, Record<string, string>][] => [
  [
    'IMPL_SNIFFS_RUNNER',
    'the runner’s env',
    {
      [r.impl]: r.exportOf(
        `  if (process.env.${r.runner === 'node' ? 'NODE_TEST_CONTEXT' : r.runner === 'jest' ? 'JEST_WORKER_ID' : 'VITEST'}) return 3;\n  return a - b;`,
      ),
    },
  ],
  ['IMPL_PATCHES_RUNTIME', 'Object.is', { [r.impl]: `Object.is = () => true;\n${r.exportOf('  return a - b;')}` }],
  [
    'IMPL_READS_TESTS',
    'reads the test file',
    {
      [r.impl]: r.exportOf(
        `  const t = require('node:fs').readFileSync(require('node:path').join(__dirname, '../test', 'sum.test.js'), 'utf8');\n  return Number(/toBe\\((\\d+)\\)|, (\\d+)\\)/.exec(t)[1]);`,
      ),
    },
  ],
  ['IMPL_EXIT_AT_IMPORT', 'exit at import', { [r.impl]: `process.exit(0);\n${r.exportOf('  return a - b;')}` }],
  [
    'IMPL_IMPORTS_TEST_SUPPORT',
    'the code hidden in test support',
    { [r.impl]: r.exportOf === esm ? "export { sum } from '../test/support/impl.js';\n" : "module.exports = require('../test/support/impl');\n" },
  ],
  ...(r.runner === 'vitest'
    ? ([
        [
          'IMPL_TEST_FRAMEWORK',
          'expect.extend from vitest',
          {
            [r.impl]: `import { expect } from 'vitest';\nexpect.extend({ toBe: () => ({ pass: true, message: () => '' }) });\n${r.exportOf('  return a - b;')}`,
          },
        ],
      ] as [string, string, Record<string, string>][])
    : []),
];

function setup(files: Record<string, string>, link: boolean): Repo {
  const r = makeRepo({ ...files, '.gitignore': 'node_modules\n__pycache__\n.pytest_cache\n' });
  if (link) symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(r.dir, 'node_modules'), 'dir');
  expect(r.tdd('install').status).toBe(0);
  // The skeleton and the allow-list are the off commits this project's audit policy allows (audit.allowOff, at the base).
  r.write({ '.tddrc.json': JSON.stringify({ ...JSON.parse(r.read('.tddrc.json')), audit: { allowOff: true } }, null, 2) + '\n' });
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  expect(r.commit('skeleton').status).toBe(0);
  return r;
}

/** `tdd audit HEAD --json`: its exit status and the gate codes of its integrity findings. */
function audit(r: Repo): { status: number | null; gates: string[] } {
  const a = r.tdd('audit', 'HEAD', '--json');
  const report = JSON.parse(a.stdout) as { findings: { code: string; data?: { gate?: string } }[] };
  return { status: a.status, gates: report.findings.filter((f) => f.code === 'AUDIT_IMPL_INTEGRITY').map((f) => f.data!.gate!) };
}

describe.each(RUNNERS)('$runner: integrity rules through git commit', (rn) => {
  it('refuses each cheat with its code, accepts Fake It, and the audit refuses the cheat amended in past the hooks', () => {
    const r = (repo = setup(rn.files, true));
    r.tdd('phase', 'red');
    r.write({ [rn.test[0]]: rn.test[1], [rn.support[0]]: rn.support[1] });
    r.git('add', '-A');
    attemptCommit(r, 0);
    for (const [code, , files] of JS_CHEATS(rn)) {
      r.write(files);
      r.git('add', '-A');
      attemptCommit(r, 1, code);
      r.git('clean', '-fdq', 'src');
    }
    // Fake It, with a helper the test reaches and node:assert in the code: honest.
    const helper =
      rn.exportOf === esm
        ? "import assert from 'node:assert';\nimport { three } from './three.js';\n"
        : "const assert = require('node:assert');\nconst { three } = require('./three');\n";
    const three = rn.exportOf === esm ? 'export const three = () => 3;\n' : 'module.exports = { three: () => 3 };\n';
    r.write({ [rn.impl]: helper + rn.exportOf("  assert(typeof a === 'number');\n  return three();"), 'src/three.js': three });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
    expect(audit(r)).toEqual({ status: 0, gates: [] });
    // The cheat amended in past the hooks: the trailers still say GREEN; the audit refuses it.
    r.write({ [rn.impl]: `Object.is = () => true;\n${rn.exportOf('  return a - b;')}` });
    r.git('add', '-A');
    r.git('commit', '-q', '--amend', '--no-verify', '--no-edit');
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
    expect(audit(r)).toEqual({ status: 1, gates: ['IMPL_PATCHES_RUNTIME'] });
  });
});

describe('vitest: the honest controls', () => {
  it('an app that reads NODE_ENV, and a test-utilities package that imports vitest once integrity.allow says so', () => {
    const r = (repo = setup(RUNNERS[0]!.files, true));
    r.tdd('phase', 'red');
    r.write({ 'test/sum.test.js': RUNNERS[0]!.test[1] });
    r.git('add', '-A');
    attemptCommit(r, 0);
    r.write({ 'src/sum.js': esm("  if (process.env.NODE_ENV === 'production') return a + b;\n  return a + b;") });
    r.git('add', '-A');
    attemptCommit(r, 0);
    // A test-utilities package: refused until the configuration allows it (a configuration change, an `off` commit).
    const utils = { 'packages/test-utils/src/index.js': "import { expect } from 'vitest';\nexport const expectThree = (n) => expect(n).toBe(3);\n" };
    r.tdd('phase', 'refactor');
    r.write(utils);
    r.git('add', '-A');
    attemptCommit(r, 1, 'IMPL_TEST_FRAMEWORK');
    const config = JSON.parse(r.read('.tddrc.json')) as Record<string, unknown>;
    r.write({ '.tddrc.json': JSON.stringify({ ...config, integrity: { allow: { IMPL_TEST_FRAMEWORK: ['packages/test-utils/**'] } } }, null, 2) + '\n' });
    r.git('add', '.tddrc.json');
    r.tdd('phase', 'off', '--reason', 'test-utils may import vitest');
    expect(r.commit('chore: allow test-utils').status).toBe(0);
    r.tdd('phase', 'refactor');
    r.write(utils);
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(audit(r)).toEqual({ status: 0, gates: [] });
  });

  it('an unknown code in integrity.allow is a configuration error naming the key (exit 2)', () => {
    const r = (repo = setup(RUNNERS[0]!.files, true));
    const config = JSON.parse(r.read('.tddrc.json')) as Record<string, unknown>;
    r.write({ '.tddrc.json': JSON.stringify({ ...config, integrity: { allow: { IMPL_TEST_FRAMEWROK: ['x/**'] } } }) });
    r.git('add', '.tddrc.json');
    const s = r.tdd('status');
    expect(s.status, s.stdout + s.stderr).toBe(2);
    expect(s.stdout + s.stderr).toContain('integrity.allow.IMPL_TEST_FRAMEWROK');
  });
});

describe('pytest: integrity rules through git commit', () => {
  it('refuses the always-equal __eq__, the runner sniff, the exit and builtins; accepts a real __eq__', () => {
    const r = (repo = setup({ 'pytest.ini': '[pytest]\n', 'money.py': '"""Money."""\n' }, false));
    r.tdd('phase', 'red');
    const test = 'from money import Money, parse\n\n\ndef test_parse():\n    assert parse("1.25") == Money(125)\n';
    r.write({ 'test_money.py': test });
    r.git('add', '-A');
    attemptCommit(r, 0);
    const base = 'class Money:\n    def __init__(self, cents):\n        self.cents = cents\n';
    const cheats: [string, string][] = [
      ['IMPL_ALWAYS_EQUAL', `${base}\n    def __eq__(self, other):\n        return True\n\n\ndef parse(text):\n    return None\n`],
      ['IMPL_SNIFFS_RUNNER', `import os\n\n${base}\n\ndef parse(text):\n    return Money(125) if "PYTEST_CURRENT_TEST" in os.environ else None\n`],
      ['IMPL_EXIT_AT_IMPORT', `import os\n\nos._exit(0)\n${base}`],
      ['IMPL_PATCHES_RUNTIME', `import builtins\n\nbuiltins.isinstance = lambda *a: True\n${base}\n\ndef parse(text):\n    return None\n`],
      ['IMPL_TEST_FRAMEWORK', `import pytest\n\n${base}\n\ndef parse(text):\n    return pytest.approx(Money(125))\n`],
    ];
    for (const [code, text] of cheats) {
      r.write({ 'money.py': text });
      r.git('add', '-A');
      attemptCommit(r, 1, code);
      r.git('checkout', '--', '.');
    }
    const real = `${base}\n    def __eq__(self, other):\n        if not isinstance(other, Money):\n            return NotImplemented\n        return self.cents == other.cents\n\n\ndef parse(text):\n    return Money(round(float(text) * 100))\n`;
    r.write({ 'money.py': real });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(audit(r)).toEqual({ status: 0, gates: [] });
    // Past the hooks: an equality behind an isinstance guard that equals every Money.
    r.write({ 'money.py': real.replace('return self.cents == other.cents', 'return True') });
    r.git('add', '-A');
    r.git('commit', '-q', '--amend', '--no-verify', '--no-edit');
    expect(audit(r)).toEqual({ status: 1, gates: ['IMPL_ALWAYS_EQUAL'] });
  });
});
