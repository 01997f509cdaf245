/**
 * A glob's literal pieces are asked before its expression (snapshot/glob-needs): they may only
 * spare work, never change a kind. Whatever picomatch matches must hold the pieces.
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, RUNNER_TESTS } from '../../../src/config/schema.js';
import { compileGlobs } from '../../../src/snapshot/classify.js';
import { globNeeds, meets } from '../../../src/snapshot/glob-needs.js';
import { regexTest } from '../../../src/snapshot/kinds.js';

const OPTIONS = { dot: true };
const matches = (glob: string, path: string) => picomatch(glob, OPTIONS)(path);

const word = fc.constantFrom('src', 'test', 'tests', 'a', 'b.c', '__tests__', 'x.test', 'docs', '.github', 'spec', 'conftest', 'v1-2', '.', '..');
const ext = fc.constantFrom('', '.js', '.ts', '.md', '.py', '.test.js', '.spec.tsx', '_test.go', '.rb');
const segment = fc.tuple(word, ext).map(([w, e]) => w + e);
const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => s.join('/'));

/** A glob that matches the path more often than not: each segment kept, or widened into a wildcard around a piece of it. */
function globOf(p: string, choices: number[]): string {
  return p
    .split('/')
    .map((s, i) => {
      const c = choices[i % choices.length]!;
      if (c === 0) return s;
      if (c === 1) return '*';
      if (c === 2) return '**';
      if (c === 3) return `*${s.slice(Math.floor(s.length / 2))}`;
      if (c === 4) return `${s.slice(0, Math.ceil(s.length / 2))}*`;
      if (c === 5) return s.length > 1 ? `${s.slice(0, 1)}?${s.slice(2)}` : '?';
      if (c === 6) return `{${s},other}`;
      if (c === 7) return `**/${s}`;
      return `{zz,${s.slice(0, 1)}}*`;
    })
    .join('/');
}

describe('a glob’s literal pieces', () => {
  it('every path picomatch matches holds them (widened globs of the path, and unrelated pairs)', () => {
    fc.assert(
      fc.property(path, fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 5 }), path, (p, choices, other) => {
        const glob = globOf(p, choices);
        const needs = globNeeds(glob);
        for (const candidate of [p, other]) if (matches(glob, candidate)) expect(meets(needs, candidate), `${glob} ~ ${candidate}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('the defaults and every runner’s globs: the same kinds with the pieces asked first as without, over this repository’s files', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
    const extra = [
      'README.md',
      'CHANGES',
      'LICENSE-MIT',
      'docs',
      '.github/workflows/ci.yml',
      'a/b/__tests__/c.js',
      'pkg/x_test.go',
      'tests/it.rs',
      'tests/a/main.rs',
    ];
    const extra2 = [
      'spec/models/user_spec.rb',
      'test/unit/a_test.rb',
      'src/test/java/com/AppTest.java',
      'tests/FooTest.php',
      'build.gradle',
      'gradle/x',
      'conftest.py',
    ];
    const lists = [DEFAULTS.tests, DEFAULTS.testSupport, DEFAULTS.ignore, ...Object.values(RUNNER_TESTS)];
    for (const globs of lists) {
      const sources = compileGlobs(globs);
      const plain = regexTest(sources);
      const filtered = regexTest(sources, globs);
      for (const f of [...files, ...extra, ...extra2]) expect(filtered(f), `${globs.join(' ')} ~ ${f}`).toBe(plain(f));
    }
  });

  it('a doc path holds none of the test and support globs’ pieces: their expressions are never run for it', () => {
    const asked = [...DEFAULTS.tests, ...DEFAULTS.testSupport].filter((g) => meets(globNeeds(g), 'README.md'));
    expect(asked).toEqual([]);
    expect(meets(globNeeds('**/*.md'), 'README.md')).toBe(true);
  });

  it.each(['!docs/**', 'src/[ab].js', '+(a|b).js', '**', '*', 'a\\*b', '{1..3}.js', '{a,{b,c}}.js', '{a}.js', 'a}b'])(
    'no condition where the glob is not plain: %s',
    (glob) => expect(globNeeds(glob)).toBeNull(),
  );

  it('braces are alternatives, dot segments hold nothing, wildcards split the pieces', () => {
    expect(globNeeds('**/*.{test,spec}.js')).toEqual([['.test.js'], ['.spec.js']]);
    expect(globNeeds('./docs/**')).toEqual([['docs']]);
    expect(globNeeds('**/test-*.ts')).toEqual([['test-', '.ts']]);
    expect(matches('./docs/**', 'docs/a.md') && meets(globNeeds('./docs/**'), 'docs/a.md')).toBe(true);
  });
});
