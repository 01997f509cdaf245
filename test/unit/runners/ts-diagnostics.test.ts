import { describe, expect, it } from 'vitest';
import { parseJestReport } from '../../../src/runners/jest.js';
import { calleeAt, classifyTsDiagnostics, parseTsDiagnostics, type TsContext } from '../../../src/runners/ts-diagnostics.js';

const ROOT = '/scratch/tree';
const FILE = 'test/a.test.ts';

/** A diagnostic as ts-jest 29.4 prints it under "● Test suite failed to run" (colours stripped). */
const pretty = (line: number, col: number, code: number, text: string, source = '') =>
  `    ${FILE}:${line}:${col} - error TS${code}: ${text}\n\n    ${line} ${source}\n             ~~~\n`;

const TEST = [
  "import { other, add } from '../src/math';",
  "import * as m from '../src/math';",
  "import { Calc, configure } from '../src/calc';",
  "import { format } from 'date-fns';",
  "import { nope } from '@mono/lib';",
  "test('x', () => {",
  '  expect(configure()).toBe(1);',
  '  expect(configure({ a: 1, b: 2 })).toBe(1);',
  '  expect(format(1, 2, 3)).toBe(1);',
  '  expect(other(',
  '    1,',
  '  )).toBe(1);',
  '});',
].join('\n');

const ctx = (source = TEST): TsContext => ({ file: FILE, root: ROOT, sources: new Map([[FILE, source]]), workspacePackages: new Set(['@mono/lib']) });
const kindOf = (text: string, c = ctx()) => classifyTsDiagnostics(text, c)?.kind;

describe('TypeScript diagnostics as a test file’s load error', () => {
  it('reads both printed forms, every diagnostic of the file', () => {
    const text = `${pretty(1, 17, 2305, `Module '"../src/math"' has no exported member 'add'.`)}  src/calc.ts:2:27\n    a related location\n${FILE}(7,10): error TS2554: Expected 1 arguments, but got 0.\n`;
    expect(parseTsDiagnostics(text).map((d) => [d.line, d.column, d.code])).toEqual([
      [1, 17, 2305],
      [7, 10, 2554],
    ]);
  });

  it.each([
    [2305, `Module '"../src/math"' has no exported member 'add'.`, 1, 17, 'missing-symbol'],
    [2305, `Module '"@mono/lib"' has no exported member 'nope'.`, 5, 10, 'missing-symbol'],
    [2305, `Module '"date-fns"' has no exported member 'formatt'.`, 4, 10, 'load-error'],
    [2724, `'"../src/math"' has no exported member named 'ad'. Did you mean 'add'?`, 1, 17, 'missing-symbol'],
    [2339, `Property 'sum' does not exist on type 'typeof import("/scratch/tree/src/math")'.`, 7, 12, 'missing-symbol'],
    [2339, `Property 'sum' does not exist on type 'typeof import("/scratch/tree/node_modules/x/index")'.`, 7, 12, 'load-error'],
    [2339, `Property 'plus' does not exist on type 'Calc'.`, 7, 12, 'missing-symbol'],
    [2339, `Property 'plus' does not exist on type 'Date'.`, 7, 12, 'load-error'],
    [2554, 'Expected 1 arguments, but got 0.', 7, 10, 'missing-symbol'],
    [2353, `Object literal may only specify known properties, and 'b' does not exist in type '{ a: number; }'.`, 8, 28, 'missing-symbol'],
    [2554, 'Expected 2 arguments, but got 3.', 9, 24, 'load-error'],
    [2554, 'Expected 0 arguments, but got 1.', 11, 5, 'missing-symbol'],
    [2307, `Cannot find module '../src/notyet' or its corresponding type declarations.`, 1, 28, 'missing-symbol'],
    [2307, `Cannot find module 'left-pad' or its corresponding type declarations.`, 1, 28, 'missing-module'],
    [2322, `Type 'string' is not assignable to type 'number'.`, 7, 9, 'load-error'],
    // A name the test never imported fails at run time as a ReferenceError: not the project's symbol.
    [2304, `Cannot find name 'notYet'.`, 7, 10, 'load-error'],
  ])('TS%i %s → %s', (code, text, line, col, kind) => {
    expect(kindOf(pretty(line, col, code, text))).toBe(kind);
  });

  it('one diagnostic of the test’s own makes the file a load error, named', () => {
    const text =
      pretty(1, 17, 2305, `Module '"../src/math"' has no exported member 'add'.`) + pretty(7, 9, 2322, `Type 'string' is not assignable to type 'number'.`);
    expect(classifyTsDiagnostics(text, ctx())).toEqual({
      kind: 'load-error',
      message: `${FILE}:7:9 - error TS2322: Type 'string' is not assignable to type 'number'.`,
    });
  });

  it('a third-party module missing beside a project symbol is a missing module', () => {
    const text = pretty(1, 17, 2305, `Module '"../src/math"' has no exported member 'add'.`) + pretty(4, 20, 2307, `Cannot find module 'left-pad'.`);
    expect(kindOf(text)).toBe('missing-module');
  });

  it('a call or a class in another file (a helper the test imports) is not read from the test’s text', () => {
    const helper = (line: number, col: number, code: number, text: string) => `    test/helpers/h.ts:${line}:${col} - error TS${code}: ${text}\n`;
    expect(kindOf(helper(7, 10, 2554, 'Expected 1 arguments, but got 0.'))).toBe('load-error');
    expect(kindOf(helper(7, 12, 2339, `Property 'plus' does not exist on type 'Calc'.`))).toBe('load-error');
    // Printed from a package's folder, the test's own path is a suffix of the repository's.
    const inPackage: TsContext = { ...ctx(), file: `packages/lib/${FILE}`, sources: new Map([[`packages/lib/${FILE}`, TEST]]) };
    expect(kindOf(pretty(7, 10, 2554, 'Expected 1 arguments, but got 0.'), inPackage)).toBe('missing-symbol');
  });

  it('no diagnostics: undefined (the other readers decide)', () => {
    expect(classifyTsDiagnostics("Cannot find module '../src/x' from 'test/a.test.ts'", ctx())).toBeUndefined();
  });

  it('calleeAt: the call marked, or the innermost call around the mark', () => {
    expect(calleeAt(TEST, 7, 10)).toBe('configure');
    expect(calleeAt(TEST, 8, 28)).toBe('configure');
    expect(calleeAt(TEST, 11, 5)).toBe('other');
    expect(calleeAt('new Calc<number>(1, 2)', 1, 20)).toBe('Calc');
    expect(calleeAt('x = 1', 1, 3)).toBeUndefined();
    expect(calleeAt('x', 5, 1)).toBeUndefined();
  });

  it('jest’s report: a suite that failed to run on TS2305 of the project is missing-symbol', () => {
    const message = `  ● Test suite failed to run\n\n${pretty(1, 17, 2305, `Module '"../src/math"' has no exported member 'add'.`)}`;
    const report = JSON.stringify({ testResults: [{ name: `${ROOT}/${FILE}`, status: 'failed', message, assertionResults: [] }] });
    const run = parseJestReport({ root: ROOT, files: [FILE], report, exitCode: 1, stdout: '', stderr: '', sources: new Map([[FILE, TEST]]) });
    expect(run.status === 'completed' && run.fileErrors.map((e) => e.kind)).toEqual(['missing-symbol']);
  });
});
