import { describe, expect, it } from 'vitest';
import { isProjectModuleSpecifier, isProjectSpecifier, packageNameOf, scanImports } from '../../../src/runners/imports.js';

describe('scanImports', () => {
  it('finds the bindings of each import form, numbered as vite numbers them', () => {
    const text = `import { describe, it } from 'vitest';
// import { fake } from './commented-out.js';
import type { Shape } from '../src/types.js';
import { add, sub as minus, type Op } from "../src/math.js";
import math, * as all from '../src/math.js';
import '../src/setup.js';
export { area } from '../src/geometry.js';
const { mul, div: divide } = require('../src/cjs.cjs');
const lib = require('lib');
const url = "import { no } from 'string'";
`;
    const got = scanImports(text).map((d) => [d.specifier, Object.fromEntries(d.bindings), d.viteIndex]);
    expect(got).toEqual([
      ['vitest', { describe: 'describe', it: 'it' }, 0],
      ['../src/math.js', { add: 'add', minus: 'sub' }, 1],
      ['../src/math.js', { math: 'default', all: '*' }, 2],
      ['../src/setup.js', {}, 3],
      ['../src/geometry.js', {}, 4],
      ['../src/cjs.cjs', { mul: 'mul', divide: 'div' }, undefined],
      ['lib', { lib: '*' }, undefined],
    ]);
  });

  it('the quick scan (the import graph) reads the same declarations', () => {
    const text = "import { add } from '../src/math.js';\nimport '../src/setup.js';\nexport * as geo from './geo.js';\nconst { mul } = require('./cjs.cjs');\n";
    const exact = scanImports(text).map((d) => [d.specifier, Object.fromEntries(d.bindings), d.viteIndex]);
    expect(exact).toEqual([
      ['../src/math.js', { add: 'add' }, 0],
      ['../src/setup.js', {}, 1],
      ['./geo.js', {}, 2],
      ['./cjs.cjs', { mul: 'mul' }, undefined],
    ]);
    expect(scanImports(text, { quick: true }).map((d) => [d.specifier, Object.fromEntries(d.bindings), d.viteIndex])).toEqual(exact);
  });

  it('a regex literal that looks like a comment, or a template holding an import, is not misread (the lexer)', () => {
    const text = "const re = /a\\/*b/;\nimport { add } from './math.js';\nconst t = `import { x } from './fake.js'`;\nexport type { T } from './types.js';\n";
    expect(scanImports(text).map((d) => [d.specifier, d.viteIndex])).toEqual([['./math.js', 0]]);
  });

  it('reads multi-line import lists', () => {
    const got = scanImports("import {\n  add,\n  sub,\n} from '../src/math.js';\n");
    expect(Object.fromEntries(got[0]!.bindings)).toEqual({ add: 'add', sub: 'sub' });
  });
});

describe('isProjectSpecifier', () => {
  it.each([
    ['./math.js', true],
    ['../src/math.js', true],
    ['..', true],
    ['/abs/math.js', true],
    ['#lib/math', true],
    ['left-pad', false],
    ['@scope/pkg', false],
    ['node:fs', false],
    ['.hidden-pkg', false],
  ])('%s → %s', (spec, expected) => {
    expect(isProjectSpecifier(spec)).toBe(expected);
  });
});

describe('isProjectModuleSpecifier: the repository’s workspace packages by name', () => {
  const packages = new Set(['@vue/shared', 'mobx-react-lite']);
  it.each([
    ['@vue/shared', true],
    ['@vue/shared/src/general', true],
    ['mobx-react-lite', true],
    ['mobx-react-lite/batchingForReactDom', true],
    ['@vue/sharedx', false],
    ['mobx', false],
    ['./local.js', true],
    ['react', false],
  ])('%s → %s', (spec, expected) => {
    expect(isProjectModuleSpecifier(spec, packages)).toBe(expected);
  });
  it('no workspaces: only relative, absolute and # specifiers', () => {
    expect(isProjectModuleSpecifier('@vue/shared')).toBe(false);
    expect(packageNameOf('@scope/pkg/deep/x')).toBe('@scope/pkg');
  });
});
