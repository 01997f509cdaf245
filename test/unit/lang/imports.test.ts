import { describe, expect, it } from 'vitest';
import { extractImports } from '../../../src/lang/index.js';

const imports = (text: string, path = 'x.test.ts'): Record<string, string> => Object.fromEntries(extractImports(path, text));

const CASES: [string, string, Record<string, string>][] = [
  ['named', "import { add, sub } from './math.js';", { add: './math.js', sub: './math.js' }],
  ['renamed', "import { add as plus } from '../src/math';", { plus: '../src/math' }],
  ['default', 'import math from "./math.js";', { math: './math.js' }],
  ['namespace', "import * as m from './math.js';", { m: './math.js' }],
  ['default and named', "import React, { useState } from 'react';", { React: 'react', useState: 'react' }],
  ['default and namespace', "import d, * as ns from 'pkg';", { d: 'pkg', ns: 'pkg' }],
  ['default as a named import', "import { default as x } from './x.js';", { x: './x.js' }],
  [
    'multi-line with comments and trailing comma',
    "import {\n  add, // the sum\n  /* sub, */ mul,\n} from './math.js';",
    { add: './math.js', mul: './math.js' },
  ],
  ['no space before the quote', "import{add}from'./math.js'", { add: './math.js' }],
  ['import attributes', "import data from './data.json' with { type: 'json' };", { data: './data.json' }],
  ['side-effect import binds nothing', "import './setup.js';", {}],
  ['type-only import binds nothing', "import type { Add } from './math.js';\nimport type Foo from './foo.js';", {}],
  ['inline type specifier is left out', "import { type Add, add } from './math.js';", { add: './math.js' }],
  ['a default named `type`', "import type, { x } from 'weird';", { type: 'weird', x: 'weird' }],
  ['TS import = require', "import fs = require('node:fs');", { fs: 'node:fs' }],
  ['require, plain', "const math = require('./math');", { math: './math' }],
  [
    'require, destructured with rename and default',
    "const { add, sub: minus, mul = 1, ...rest } = require('./math');",
    { add: './math', minus: './math', mul: './math', rest: './math' },
  ],
  ['require, member access', "const add = require('./math').add;", { add: './math' }],
  ['require, typed declaration', "const m: typeof import('./m') = require('./m');", { m: './m' }],
  ['several declarators', "const a = require('a'), { b } = require('./b');", { a: 'a', b: './b' }],
  ['dynamic import', 'const { add } = await import(\'./math.js\');\nconst mod = await import("./mod.js");', { add: './math.js', mod: './mod.js' }],
  ['parenthesised dynamic import', "const def = (await import('./x.js')).default;", { def: './x.js' }],
  ['imports in comments and strings', "// import { a } from './a.js'\nconst s = \"import { b } from './b.js'\";\n/* const c = require('c') */", {}],
  ['import.meta and dynamic import without a binding', "const u = new URL('./x', import.meta.url); await import('./side.js');", {}],
  [
    'a long string after `, key:` (read once: the scan was quadratic there)',
    `const x = { a: 1, key: "${'a'.repeat(50_000)}" };\nconst m = require('./m');`,
    { m: './m' },
  ],
  ['a require assigned in an expression binds nothing', "if (x == require('./a')) {}\nfoo(a = require('./b'));", {}],
  ['first binding of a name wins', "import { a } from './one.js';\nconst a2 = 1;\nimport { b as a } from './two.js';", { a: './one.js' }],
];

describe('extractImports', () => {
  it.each(CASES)('%s', (_name, text, expected) => {
    expect(imports(text)).toEqual(expected);
  });

  it('works in a .jsx/.cjs file and is empty for unknown languages', () => {
    expect(imports("const { render } = require('@testing-library/react');", 'x.test.cjs')).toEqual({
      render: '@testing-library/react',
    });
    expect(imports("import { App } from './App';\nconst el = <App title=\"import x from 'y'\" />;", 'x.test.jsx')).toEqual({
      App: './App',
    });
    expect(imports("import x from 'y'", 'a_test.exs')).toEqual({});
  });
});
