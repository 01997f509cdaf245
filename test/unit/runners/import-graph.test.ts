/** The static import graph: which test files reach a changed file, from literal sources. */
import { describe, expect, it } from 'vitest';
import { findAffectedTests, importSpecifiers, resolveSpecifier, workspacePackagesOf } from '../../../src/runners/import-graph.js';
import { editDistance } from '../../../src/nearest.js';
import { findNearMisses } from '../../../src/runners/near-miss.js';

describe('import graph', () => {
  it('reads static imports, re-exports, require() and import() calls', () => {
    const text =
      "import a from './a.js';\nexport { b } from './b';\nconst c = require('./c.cjs').c;\nrequire('./side');\nconst d = await import('./d.js');\nimport 'left-pad';\n";
    expect(importSpecifiers(text).sort()).toEqual(['./a.js', './b', './c.cjs', './d.js', './side', 'left-pad']);
  });

  it.each([
    ['./a.js', 'src/a.js'],
    ['./b', 'src/b.ts'],
    ['./c.js', 'src/c.ts'],
    ['./lib', 'src/lib/index.ts'],
    ['../data.json', 'data.json'],
    ['./missing', undefined],
    ['../../outside', undefined],
  ])('src/x.ts imports %s → %s', (spec, path) => {
    const known = new Set(['src/a.js', 'src/b.ts', 'src/c.ts', 'src/lib/index.ts', 'data.json']);
    expect(resolveSpecifier('src/x.ts', spec, known)).toBe(path);
  });

  const sources = new Map([
    ['src/slug.js', 'export const lower = (s) => s.toLowerCase();\n'],
    ['src/title.js', "import { lower } from './slug.js';\nexport const title = lower;\n"],
    ['src/other.js', 'export const other = 1;\n'],
    ['test/slug.test.js', "import { lower } from '../src/slug.js';\n"],
    ['test/title.test.js', "import { title } from '../src/title.js';\n"],
    ['test/other.test.js', "import { other } from '../src/other.js';\n"],
    ['test/alias.test.js', "import { x } from '@/lib/x';\n"],
    ['test/gone.test.js', "import { g } from '../src/gone.js';\n"],
  ]);
  const tests = ['test/alias.test.js', 'test/gone.test.js', 'test/other.test.js', 'test/slug.test.js', 'test/title.test.js'];

  it('follows importers transitively; a path alias counts as importing anything', () => {
    expect(findAffectedTests(sources, new Set(['src/slug.js']), tests)).toEqual(['test/alias.test.js', 'test/slug.test.js', 'test/title.test.js']);
  });

  it('a deleted file still has its importers', () => {
    expect(findAffectedTests(sources, new Set(['src/gone.js']), tests)).toEqual(['test/alias.test.js', 'test/gone.test.js']);
  });
});

describe('near misses', () => {
  it.each([
    ['slugfy', 'slugify', 1],
    ['slguify', 'slugify', 1],
    ['slugify', 'slugify', 0],
    ['sluggify', 'slugify', 1],
    ['slogfiy', 'slugify', 2],
  ])('%s → %s: %i', (a, b, d) => expect(editDistance(a, b, 2)).toBe(d));

  it('past k it stops at k + 1', () => expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2));

  const paths = ['src/slugify.js', 'src/user.ts', 'src/users.ts', 'package.json'];
  it.each([
    ["import { slugify } from '../src/slugfy.js';", [{ specifier: '../src/slugfy.js', nearest: 'src/slugify.js' }]],
    ["import { slugify } from '../scr/slugify';", [{ specifier: '../scr/slugify', nearest: 'src/slugify.js' }]],
    ["import { slugify } from '../src/slugify.js';", []],
    ["import { x } from '../src/parser.js';", []],
    ["import { x } from 'slugfy';", []],
  ])('%s', (text, misses) => {
    expect(findNearMisses('test/a.test.js', text, paths)).toEqual(misses.map((m) => ({ file: 'test/a.test.js', ...m })));
  });
});

describe('import graph: workspace packages by name', () => {
  const packages = workspacePackagesOf(
    new Map([
      ['package.json', '{ "name": "root" }'],
      ['packages/core/package.json', '{ "name": "@demo/core", "main": "dist/index.js" }'],
      ['packages/util/package.json', '{ "name": "util" }'],
      ['packages/core/test/fixtures/pkg/package.json', '{ "name": "@demo/core" }'],
      ['packages/app/node_modules/x/package.json', '{ "name": "x" }'],
      ['packages/bad/package.json', 'not json'],
    ]),
  );
  const sources = new Map([
    ['packages/core/src/sum.ts', 'export const sum = (a: number, b: number) => a + b;\n'],
    ['packages/core/src/index.ts', "export * from './sum';\n"],
    ['packages/util/index.js', "const { sum } = require('@demo/core');\nexports.twice = (a) => sum(a, a);\n"],
    ['packages/app/test/app.test.ts', "import { sum } from '@demo/core';\n"],
    ['packages/app/test/deep.test.ts', "import { x } from '@demo/core/src/sum';\n"],
    ['packages/app/test/util.test.ts', "import { twice } from 'util';\n"],
    ['packages/app/test/other.test.ts', "import { y } from 'left-pad';\n"],
  ]);
  const tests = [...sources.keys()].filter((p) => p.includes('/test/'));

  it('reads name → folder from the package.json files below the top (the shallowest wins a name; node_modules and the top left out)', () => {
    expect([...packages].sort()).toEqual([
      ['@demo/core', 'packages/core'],
      ['util', 'packages/util'],
    ]);
  });

  it('a change in a package’s folder reaches every importer of its name, and theirs', () => {
    expect(findAffectedTests(sources, new Set(['packages/core/src/sum.ts']), tests, packages)).toEqual([
      'packages/app/test/app.test.ts',
      'packages/app/test/deep.test.ts',
      'packages/app/test/util.test.ts',
    ]);
    // Without the packages, '@demo/core' is a package of the registry: nothing is reached.
    expect(findAffectedTests(sources, new Set(['packages/core/src/sum.ts']), tests)).toEqual([]);
    expect(findAffectedTests(sources, new Set(['packages/util/index.js']), tests, packages)).toEqual(['packages/app/test/util.test.ts']);
  });
});
