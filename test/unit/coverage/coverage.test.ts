/**
 * The pure core of GREEN's coverage: each runner's format read into regions or lines, and the rule
 * that names the added lines no test ran — tables of literal inputs (samples of what node 20,
 * vitest 4.1's and jest 30's v8 providers and go 1.19 wrote for the fixtures of
 * test/integration/green-coverage.test.ts) to line numbers.
 */
import { describe, expect, it } from 'vitest';
import { allLines, parseAddedLines } from '../../../src/coverage/added-lines.js';
import { parseGoProfile } from '../../../src/coverage/go-profile.js';
import { parseIstanbul } from '../../../src/coverage/istanbul.js';
import { declarationTest, SOURCE_CODE, withCoverage } from '../../../src/coverage/measure.js';
import { mergeCoverage } from '../../../src/coverage/merge.js';
import { mergePythonLines } from '../../../src/coverage/python-lines.js';
import type { FileCoverage } from '../../../src/coverage/types.js';
import { findUncoveredLines } from '../../../src/coverage/uncovered.js';
import { parseV8Scripts, v8Regions } from '../../../src/coverage/v8.js';
import { blank } from '../../../src/lang/index.js';

const SUM = '// a comment\nexport function sum(a, b) {\n  if (a === 1 && b === 2) return 3; return 0\n}\nexport const orr = (a, b) => a === 1 || b === 2\n';
// node 20's NODE_V8_COVERAGE for SUM after sum(1, 2) and orr(1, 2) (offsets into SUM).
const at = (s: string, from = 0) => SUM.indexOf(s, from);
const V8 = JSON.stringify({
  result: [
    {
      url: 'file:///copy/src/sum.js',
      functions: [
        { functionName: '', ranges: [{ startOffset: 0, endOffset: SUM.length, count: 1 }] },
        {
          functionName: 'sum',
          ranges: [
            { startOffset: at('function sum'), endOffset: at('}') + 1, count: 1 },
            { startOffset: at(' return 0'), endOffset: at('}'), count: 0 },
          ],
        },
        {
          functionName: 'orr',
          ranges: [
            { startOffset: at('(a, b) =>'), endOffset: SUM.length - 1, count: 1 },
            { startOffset: at('|| b'), endOffset: SUM.length - 1, count: 0 },
          ],
        },
      ],
    },
  ],
});

function uncovered(text: string, path: string, added: number[], coverage: FileCoverage | undefined): number[] {
  return findUncoveredLines({ added, blanked: blank(path, text), coverage, isDeclaration: declarationTest(path) });
}

describe('raw V8 coverage (node --test, mocha)', () => {
  const runs = [v8Regions(parseV8Scripts(V8).get('file:///copy/src/sum.js'), SUM)];
  it('names the line whose branch never ran, on one line too; comments and brackets never count', () => {
    expect(uncovered(SUM, 'src/sum.js', allLines(SUM), { kind: 'regions', runs })).toEqual([3, 5]);
  });
  it('a character is uncovered only when every process left it unrun', () => {
    const ranAll = [{ sl: 1, sc: 0, el: 6, ec: 0, count: 1 }];
    expect(uncovered(SUM, 'src/sum.js', allLines(SUM), { kind: 'regions', runs: [...runs, ranAll] })).toEqual([]);
  });
  it('a file the run never loaded: every added code line, not its imports or types', () => {
    const text = "import { x } from './x.js';\nexport type T = number;\n\nexport const y = x + 1;\n";
    expect(uncovered(text, 'src/y.ts', allLines(text), undefined)).toEqual([4]);
  });
  it('malformed coverage reads as nothing (then the file counts as never loaded)', () => {
    expect(parseV8Scripts('{not json').size).toBe(0);
    expect(parseV8Scripts('{"result": 3}').size).toBe(0);
  });
});

describe("istanbul's coverage-final.json (vitest's and jest's v8 providers)", () => {
  // jest 30 (v8-to-istanbul): a statement per line, V8's block ranges as branches.
  const JEST_SRC = 'function sum(a, b) {\n  if (a === 1 && b === 2) return 3; return 0\n}\nmodule.exports = { sum }\n';
  const loc = (sl: number, sc: number, el: number, ec: number | null) => ({ start: { line: sl, column: sc }, end: { line: el, column: ec } });
  const JEST = JSON.stringify({
    '/copy/src/sum.js': {
      statementMap: { 0: loc(1, 0, 1, 20), 1: loc(2, 0, 2, 44), 2: loc(3, 0, 3, 1), 3: loc(4, 0, 4, 24) },
      s: { 0: 1, 1: 1, 2: 0, 3: 1 },
      fnMap: { 0: { name: 'sum', loc: loc(1, 0, 3, 1) } },
      f: { 0: 1 },
      branchMap: { 0: { type: 'branch', locations: [loc(1, 0, 3, 1)] }, 1: { type: 'branch', locations: [loc(2, 34, 3, 1)] } },
      b: { 0: [1], 1: [0] },
    },
  });
  // vitest 4.1: an `if` arm sits on the whole statement (ignored); an arm of `a ? b : c` ends at the line's end (null).
  const VITEST_SRC = 'export const tern = (a) => a === 1 ? 3 : 0\nexport function never() {\n  return 1\n}\n';
  const VITEST = JSON.stringify({
    '/copy/src/t.ts': {
      statementMap: { 0: loc(1, 13, 1, null), 1: loc(1, 27, 1, null), 2: loc(3, 2, 3, null) },
      s: { 0: 1, 1: 1, 2: 0 },
      fnMap: { 0: { name: 'tern', loc: loc(1, 27, 1, null) }, 1: { name: 'never', loc: loc(2, 24, 4, null) } },
      f: { 0: 1, 1: 0 },
      branchMap: {
        0: { type: 'cond-expr', locations: [loc(1, 37, 1, 41), loc(1, 41, 1, null)] },
        1: { type: 'if', locations: [loc(1, 0, 4, 1), { start: {}, end: {} }] },
      },
      b: { 0: [1, 0], 1: [1, 0] },
    },
  });
  it.each([
    ['jest: the block after the return, inside a line statement that ran', JEST, '/copy/src/sum.js', JEST_SRC, [2]],
    ['vitest: the arm of a ternary never taken, a function never called', VITEST, '/copy/src/t.ts', VITEST_SRC, [1, 3]],
  ])('%s', (_, json, path, text, lines) => {
    const regions = parseIstanbul(json).get(path)!;
    expect(uncovered(text, path, allLines(text), { kind: 'regions', runs: [regions] })).toEqual(lines);
  });
});

describe("go's -coverprofile", () => {
  const SRC = 'package calc\n\n// Total adds.\nfunc Total(a, b int) int {\n\tif a == 1 && b == 2 {\n\t\treturn 3\n\t}\n\treturn 0\n}\n';
  const PROFILE = 'mode: set\nexample.com/calc/calc.go:4.26,5.22 1 1\nexample.com/calc/calc.go:5.22,7.3 1 1\nexample.com/calc/calc.go:8.2,8.10 1 0\n';
  it('blocks by import path; a block any test binary ran ran', () => {
    const files = parseGoProfile(`${PROFILE}example.com/calc/calc.go:8.2,8.10 1 1\n`);
    expect(files.get('example.com/calc/calc.go')!.find((r) => r.sl === 8)!.count).toBe(1);
  });
  it('names the statement no test reached, not the package line or a comment', () => {
    const regions = parseGoProfile(PROFILE).get('example.com/calc/calc.go')!;
    expect(uncovered(SRC, 'calc.go', allLines(SRC), { kind: 'regions', runs: [regions] })).toEqual([8]);
  });
});

describe("our Python tracer's lines", () => {
  it('code lines that never ran, in any process', () => {
    const merged = mergePythonLines(['{"calc.py": {"code": [1, 2, 3, 4], "run": [1, 2]}}', '{"calc.py": {"code": [1, 2, 3, 4], "run": [3]}}', 'garbage']);
    const text = 'def total(a, b):\n    if a == 1:\n        return 3\n    return 0\n';
    expect(uncovered(text, 'calc.py', [2, 3, 4], merged.get('calc.py'))).toEqual([4]);
  });
});

describe('the added lines of a change', () => {
  it.each([
    ['@@ -3,0 +4,2 @@ x\n+a\n+b\n', [4, 5]],
    ['@@ -1 +1 @@\n-a\n+b\n@@ -9,2 +9,0 @@\n-c\n-d\n', [1]],
    ['', []],
  ])('%j', (diff, lines) => expect(parseAddedLines(diff)).toEqual(lines));
  it('every line of a new file', () => expect(allLines('a\nb\n')).toEqual([1, 2]));
});

describe('switching a runner’s coverage on', () => {
  const built = { argv: ['node', 'vitest.mjs', 'run', 'test/a.test.ts'], env: {} };
  const ask = { dir: '/tmp/c', files: ['src/a.ts'] };
  it('vitest without @vitest/coverage-v8: not measured, with the install command', () => {
    expect(withCoverage('vitest', built, ask, { root: '/copy', vitestProvider: false, vitestVersion: '4.1.12' })).toEqual({
      reason: expect.any(String),
      install: 'npm install --save-dev @vitest/coverage-v8@4.1.12',
    });
  });
  it('jest: its own --coverage=false is replaced, the file named for collection', () => {
    const jest = withCoverage('jest', { argv: ['node', 'jest', '--coverage=false', '--runTestsByPath', 't.js'], env: {} }, ask, { root: '/copy' });
    expect('argv' in jest && jest.argv).toEqual(expect.arrayContaining(['--coverage', '--coverageProvider=v8', '--collectCoverageFrom=src/a.ts']));
    expect('argv' in jest && jest.argv).not.toContain('--coverage=false');
  });
  it('cargo says it measures nothing', () => expect(withCoverage('cargo', built, ask, { root: '/copy' })).toHaveProperty('reason'));
});

describe('several runners’ coverage as one', () => {
  it('a file measured by one runner is measured; what no runner measured stays said', () => {
    const merged = mergeCoverage([
      { measured: [], files: {}, unmeasured: [{ runner: 'node', reason: 'r', files: ['a.py', 'b.rs'] }] },
      { measured: ['a.py'], files: { 'a.py': { kind: 'lines', code: [1], run: [1] } }, unmeasured: [] },
    ]);
    expect(merged.measured).toEqual(['a.py']);
    expect(merged.unmeasured).toEqual([{ runner: 'node', reason: 'r', files: ['b.rs'] }]);
  });
});

describe('what a GREEN asks coverage about', () => {
  it.each([
    ['src/sum.ts', true],
    ['lib/calc.py', true],
    ['calc.go', true],
    ['package.json', false],
    ['src/styles.css', false],
    ['data/rates.csv', false],
  ])('%s: %s', (path, source) => expect(SOURCE_CODE.test(path)).toBe(source));
});
