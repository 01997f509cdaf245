import { describe, expect, it } from 'vitest';
import { classifyLoadError, classifyThrown, isMissingProjectSymbol } from '../../../src/runners/classify.js';

const ROOT = '/scratch/tree';
const TEST = `import { it, expect } from 'vitest';
import { add, Calc as Calculator } from '../src/math.js';
import * as ns from '../src/geometry.js';
import pad from 'left-pad';
import * as lodash from 'lodash';
const { mul } = require('../src/cjs.cjs');
`;
const ctx = (extra: object = {}) => ({ file: 'test/a.test.ts', root: ROOT, sources: new Map([['test/a.test.ts', TEST]]), ...extra });

describe('isMissingProjectSymbol', () => {
  it.each([
    // vitest names the import by its number (0 = vitest) and the exported name
    ['TypeError: (0 , __vite_ssr_import_1__.add) is not a function', true],
    ['TypeError: __vite_ssr_import_1__.Calc is not a constructor', true],
    ['TypeError: __vite_ssr_import_2__.area is not a function', true],
    ['TypeError: __vite_ssr_import_4__.chunk is not a function', false],
    ['(0 , __vite_ssr_import_3__.default) is not a function', false],
    // node: local names
    ['TypeError: add is not a function', true],
    ['TypeError: ns.area is not a function', true],
    ['TypeError: Calculator is not a constructor', true],
    ['TypeError: mul is not a function', true],
    ['TypeError: pad is not a function', false],
    ['TypeError: lodash.chunk is not a function', false],
    ['TypeError: helper is not a function', false],
    ['TypeError: calc.add is not a function', false],
    ["TypeError: Cannot read properties of null (reading 'x')", false],
  ])('%s → %s', (message, expected) => {
    expect(isMissingProjectSymbol(message, ctx())).toBe(expected);
  });

  it('asks the injected isProjectImport first, and falls back when it does not know', () => {
    const calls: string[] = [];
    const isProjectImport = (file: string, name: string) => {
      calls.push(`${file}:${name}`);
      return name === 'chunk' ? true : undefined;
    };
    expect(isMissingProjectSymbol('TypeError: __vite_ssr_import_4__.chunk is not a function', ctx({ isProjectImport }))).toBe(true);
    expect(isMissingProjectSymbol('TypeError: add is not a function', ctx({ isProjectImport }))).toBe(true);
    expect(calls).toEqual(['test/a.test.ts:chunk', 'test/a.test.ts:add']);
  });

  it('without the test source it cannot tell, so it says no', () => {
    expect(isMissingProjectSymbol('TypeError: add is not a function', { file: 'x.test.js', root: ROOT, sources: new Map() })).toBe(false);
  });
});

describe('classifyThrown', () => {
  it.each([
    [{ name: 'AssertionError', code: 'ERR_ASSERTION', message: '2 !== 3' }, 'assertion'],
    [{ message: 'AssertionError: expected 2 to be 3 // Object.is equality\n    at …' }, 'assertion'],
    [{ message: 'AssertionError: expected [ 1 ] to include 2' }, 'assertion'],
    [{ message: 'Error: Snapshot `adds 1` mismatched' }, 'assertion'],
    [{ message: 'TypeError: (0 , __vite_ssr_import_1__.add) is not a function' }, 'missing-symbol'],
    [{ name: 'TypeError', message: 'add is not a function' }, 'missing-symbol'],
    [{ name: 'RangeError', message: 'add is not a function' }, 'exception'],
    [{ message: "TypeError: Cannot read properties of undefined (reading 'name')" }, 'exception'],
    [{ message: 'Error: [Vitest] Unexpected .only modifier.' }, 'exception'],
    [{ message: 'a string' }, 'exception'],
  ])('%j → %s', (error, expected) => {
    expect(classifyThrown(error, ctx())).toBe(expected);
  });
});

describe('classifyLoadError', () => {
  it.each([
    // node, from the child's stderr (source excerpt above the error line)
    [
      "file:///scratch/tree/test/a.test.js:2\nimport { add } from '../src/math.js';\n         ^^^\nSyntaxError: The requested module '../src/math.js' does not provide an export named 'add'\n    at ModuleJob._instantiate",
      'missing-symbol',
      "SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'",
    ],
    ["SyntaxError: The requested module 'lodash' does not provide an export named 'nope'", 'load-error', undefined],
    [
      "SyntaxError: Named export 'add' not found. The requested module '../src/m.cjs' is a CommonJS module, which may not support all module.exports as named exports.",
      'missing-symbol',
      undefined,
    ],
    ["Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/scratch/tree/src/notyet.js' imported from /scratch/tree/test/a.test.js", 'missing-symbol', undefined],
    [
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/scratch/tree/node_modules/pkg/sub.js' imported from /scratch/tree/test/a.test.js",
      'missing-module',
      undefined,
    ],
    ["Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'left-pad' imported from /scratch/tree/test/a.test.js", 'missing-module', undefined],
    ["Error: Cannot find module 'left-pad'\nRequire stack:\n- /scratch/tree/test/a.test.cjs", 'missing-module', undefined],
    ["Error: Cannot find module '../src/notyet.cjs'\nRequire stack:", 'missing-symbol', undefined],
    [
      'file:///scratch/tree/test/a.test.js:3\n\n\nSyntaxError: Unexpected end of input\n    at compileSourceTextModule',
      'syntax',
      'SyntaxError: Unexpected end of input',
    ],
    ["file:///x.js:2\nthrow new TypeError('boom');\n      ^\n\nTypeError: boom\n    at file:///x.js:2:7", 'load-error', 'TypeError: boom'],
    // vitest file-level messages
    ["Cannot find module '../src/notyet.js' imported from /scratch/tree/test/a.test.ts", 'missing-symbol', undefined],
    ["Cannot find package 'left-pad-nonexistent' imported from /scratch/tree/test/a.test.ts", 'missing-module', undefined],
    ['Failed to load url ./math.js (resolved id: ./math.js) in /scratch/tree/test/a.test.ts. Does the file exist?', 'missing-symbol', undefined],
    ['Failed to load url left-pad (resolved id: left-pad) in /scratch/tree/test/a.test.ts. Does the file exist?', 'missing-module', undefined],
    ['Failed to parse source for import analysis because the content contains invalid JS syntax.', 'syntax', undefined],
    [
      'Transform failed with 1 error:\n\n\u001b[31m[PARSE_ERROR] \u001b[0mExpected `)` but found `;`\n   ╭─[ test/a.test.ts:5:24 ]',
      'syntax',
      '[PARSE_ERROR] Expected `)` but found `;`',
    ],
    ['No test suite found in file /scratch/tree/test/a.test.ts', 'no-tests', undefined],
    ['boom during collection', 'load-error', 'boom during collection'],
    ['(0 , __vite_ssr_import_1__.add) is not a function', 'missing-symbol', 'add is not a function'],
  ])('%s → %s', (text, kind, message) => {
    const got = classifyLoadError(text, ctx());
    expect(got.kind).toBe(kind);
    if (message !== undefined) expect(got.message).toBe(message);
  });
});

describe('classifyLoadError: a workspace package that is not built', () => {
  const ws = { workspacePackages: new Set(['@demo/core']) };
  it.each([
    [
      'node',
      `Error [ERR_MODULE_NOT_FOUND]: Cannot find package '${ROOT}/node_modules/@demo/core/dist/index.js' imported from ${ROOT}/test/a.test.ts`,
      'dist/index.js',
    ],
    [
      'vitest',
      'Error: Failed to resolve entry for package "@demo/core". The package may have incorrect main/module/exports specified in its package.json.',
      undefined,
    ],
    ['jest', "Cannot find module '@demo/core' from 'test/a.test.ts'", undefined],
    ['ts-jest', "test/a.test.ts:1:21 - error TS2307: Cannot find module '@demo/core' or its corresponding type declarations.", undefined],
  ])('%s: a missing module, the message naming the package (and its entry)', (_, text, entry) => {
    const got = classifyLoadError(text, ctx(ws));
    expect(got.kind).toBe('missing-module');
    expect(got.unbuiltPackage).toBe('@demo/core');
    if (entry) expect(got.message).toContain(entry);
    // Not a workspace package: what it was before.
    expect(classifyLoadError(text, ctx()).unbuiltPackage).toBeUndefined();
  });

  it('a subpath of the package may be the new module a RED is about: not said to be unbuilt', () => {
    expect(classifyLoadError("Cannot find module '@demo/core/src/notyet' from 'test/a.test.ts'", ctx(ws)).unbuiltPackage).toBeUndefined();
  });
});
