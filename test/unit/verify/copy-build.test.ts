import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../src/config/validate.js';
import { buildSpecOf, inputMatcher } from '../../../src/verify/copy-build.js';
import { builtLinks, evaluateLinkStale } from '../../../src/gates/link-stale.js';
import { verdictOf } from '../../../src/gates/index.js';
import { holdsOutputOf, moduleName, namesModule } from '../../../src/verify/link-stale.js';

describe('isolation.build in the configuration', () => {
  it('takes a command, or {command, inputs}; null or absent builds nothing', () => {
    const of = (build: unknown) => validateConfig({ isolation: { build } }, '.tddrc.json');
    expect(buildSpecOf(of('npm run build:test').config)).toEqual({ command: 'npm run build:test', inputs: null });
    expect(buildSpecOf(of({ command: 'node build.mjs', inputs: ['packages/*/src/**'] }).config)).toEqual({
      command: 'node build.mjs',
      inputs: ['packages/*/src/**'],
    });
    expect(buildSpecOf(of(null).config)).toBeNull();
    expect(buildSpecOf(validateConfig({}, '.tddrc.json').config)).toBeNull();
  });

  it.each([[''], [['npm run build']], [{ inputs: ['src/**'] }], [{ command: 'x', inputs: 'src/**' }], [{ command: 'x', output: 'dist' }], [3]])(
    '%j is a problem naming isolation.build (exit 2)',
    (build) => {
      const { problems } = validateConfig({ isolation: { build } }, '.tddrc.json');
      expect(problems.map((p) => [p.file, p.key])).toEqual([['.tddrc.json', 'isolation.build']]);
    },
  );
});

describe('the build’s inputs (its cache key)', () => {
  it('globs match files; a plain path is that file or everything in that folder', () => {
    const isInput = inputMatcher(['packages/*/src/**', 'tsconfig.json', 'scripts/']);
    expect(['packages/lib/src/index.ts', 'packages/lib/src/.hidden.ts', 'tsconfig.json', 'scripts/build.mjs'].every(isInput)).toBe(true);
    expect(['packages/lib/test/a.test.ts', 'packages/lib/srcx/a.ts', 'tsconfig.jsonc', 'scriptsx/a'].some(isInput)).toBe(false);
  });
});

describe('linked builds (LINK_STALE)', () => {
  it('dependency folders are never builds; dist and a compiled extension are', () => {
    expect(builtLinks(['node_modules', 'vendor', '.yarn', 'packages/a/node_modules', 'dist', 'src/pkg/_speedups.*.so'])).toEqual([
      'dist',
      'src/pkg/_speedups.*.so',
    ]);
  });
  it('is a could-not-verify (exit 3), alone or beside another exit-3 finding', () => {
    const stale = evaluateLinkStale({ staleLinks: [{ link: 'packages/lib/dist', reason: 'unstaged', source: 'packages/lib/src/index.js' }] });
    expect(stale.map((f) => [f.code, f.path])).toEqual([['LINK_STALE', 'packages/lib/dist']]);
    expect(verdictOf(stale)).toBe(3);
  });
});

describe('an untracked file the linked build could have read (LINK_STALE)', () => {
  it('by an output of its name (a chunk too), or a word of a tracked text naming its module', () => {
    expect(evaluateLinkStale({ staleLinks: [{ link: 'dist', reason: 'unstaged', source: 'src/extra.ts', untracked: true }] })[0]?.data).toEqual({
      reason: 'unstaged',
      source: 'src/extra.ts',
      untracked: true,
    });
    expect(holdsOutputOf(new Set(['index', 'extra']), 'src/extra.ts')).toBe(true);
    expect(holdsOutputOf(new Set(['index', 'extra-3f9a1c']), 'src/extra.ts')).toBe(true);
    expect(holdsOutputOf(new Set(['index', 'extras']), 'src/extra.ts')).toBe(false);
    expect(holdsOutputOf(new Set(['index', '\0']), 'scratch.js')).toBe(true);
    expect(moduleName('src/extra/index.ts')).toBe('extra');
    expect(moduleName('pkg/__init__.py')).toBe('pkg');
    expect(moduleName('scratch.test-notes.js')).toBe('scratch');
    expect(namesModule("export * from './extra.js';", 'extra')).toBe(true);
    expect(namesModule("import x from '../dist/extra'", 'extra')).toBe(true);
    expect(namesModule('const extras = 1; const myextra = 2; const extra_x = 3;', 'extra')).toBe(false);
    expect(namesModule('a x.y(z) b', 'x.y(z)')).toBe(true);
    expect(namesModule('a xay(z) b', 'x.y(z)')).toBe(false);
  });
});
