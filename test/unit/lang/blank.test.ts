import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, knownLanguages, languageOf } from '../../../src/lang/index.js';

describe('languageOf', () => {
  const cases: [string, string | undefined][] = [
    ['a.test.js', 'js'],
    ['a.spec.mjs', 'js'],
    ['a.test.cjs', 'js'],
    ['App.test.jsx', 'js'],
    ['src/a.test.ts', 'js'],
    ['a.test.mts', 'js'],
    ['a.test.cts', 'js'],
    ['App.test.tsx', 'js'],
    ['A.TEST.TS', 'js'],
    ['test_a.py', 'python'],
    ['a_test.go', 'go'],
    ['tests/it.rs', 'rust'],
    ['AddTest.java', 'java'],
    ['AddTest.kt', 'kotlin'],
    ['build.gradle.kts', 'kotlin'],
    ['AddTests.cs', 'csharp'],
    ['add_spec.rb', 'ruby'],
    ['zcl_calc.clas.testclasses.abap', 'abap'],
    ['a_test.exs', undefined],
    ['Makefile', undefined],
    ['dir.ts/README', undefined],
  ];
  it.each(cases)('%s → %s', (path, id) => {
    expect(languageOf(path)).toBe(id);
  });

  it('unknown languages: no analysis, text unchanged', () => {
    expect(analyzeTestFile('a_test.exs', 'assert x')).toBeUndefined();
    expect(blank('a_test.exs', '# x')).toBe('# x');
  });
});

describe('knownLanguages', () => {
  it('lists every profile with its extensions, JS first', () => {
    expect(knownLanguages().map((l) => `${l.id} ${l.extensions.join(' ')}`)).toEqual([
      'js .js .mjs .cjs .jsx .ts .mts .cts .tsx',
      'python .py',
      'go .go',
      'rust .rs',
      'java .java',
      'kotlin .kt .kts',
      'csharp .cs',
      'ruby .rb',
      'abap .abap',
      'php .php',
    ]);
  });
});

describe('blank', () => {
  const cases: [string, string, string][] = [
    ['line comment', 'a; // b\nc', 'a;     \nc'],
    ['block comment keeps its newlines', 'a /* b\n c */ d', 'a     \n      d'],
    ['string keeps its quotes', `x('ab', "c\\"d")`, `x('  ', "    ")`],
    ['template text goes, expressions stay', 'x(`ab ${c + `d ${e}`} f`)', 'x(`   ${c + `  ${e}`}  `)'],
    ['regex literal', 'if (ok) /ab+/g.test(s)', 'if (ok)       .test(s)'],
    ['division stays', 'a / b / c', 'a / b / c'],
    ['hashbang', '#!/usr/bin/env node\nrun()', '                   \nrun()'],
    ['line continuation in a string', "'a\\\nb'; c", "'  \n '; c"],
    ['non-BMP characters keep UTF-16 offsets', "'😀'; x", "'  '; x"],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    const out = blank('x.ts', text);
    expect(out).toBe(expected);
    expect(out.length).toBe(text.length);
  });

  it('JSX text and attribute strings in .tsx', () => {
    expect(blank('x.tsx', 'const e = <p a="b">hi {c} there</p>;')).toBe('const e = <p a=" ">   {c}      </p>;');
  });

  it('keeps every newline of a mixed file in place', () => {
    const text = "#!/x\n/* a\r\nb */ const s = `\n${'\\n'}\n`; // c\nconst r = /\\n/;\n<div>\n</div>";
    const out = blank('x.jsx', text);
    expect(out.length).toBe(text.length);
    expect([...out].flatMap((c, i) => (c === '\n' ? [i] : []))).toEqual([...text].flatMap((c, i) => (c === '\n' ? [i] : [])));
  });
});

describe('purity', () => {
  it('src/lang imports nothing but its own files and js-tokens (no fs, no child_process)', () => {
    const root = fileURLToPath(new URL('../../../src/lang/', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const specifiers = files.flatMap((f) =>
      [...readFileSync(join(root, f), 'utf8').matchAll(/^(?:import|export)(?!\s+type\b)\b[^;]*?\bfrom '([^']+)';$/gm)].map((m) => ({ from: f, spec: m[1]! })),
    );
    expect(specifiers.map((s) => s.spec)).toContain('js-tokens');
    const outside = specifiers.filter(
      ({ from, spec }) => spec !== 'js-tokens' && (!spec.startsWith('.') || relative(root, resolve(root, dirname(from), spec)).startsWith('..')),
    );
    expect(outside).toEqual([]);
  });
});
