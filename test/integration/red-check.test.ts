/**
 * `tdd red-check`: the RED gate's static assertion check on files on disk. In process (the
 * command module over real files, every language, exit codes, --json, timing) and through the
 * built CLI (bin/tdd.js → dist/tdd.cjs, built by `npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import redCheck from '../../src/cli/commands/red-check.js';
import { TddError } from '../../src/errors.js';
import { BIN, isolatedEnv } from '../helpers/repo.js';
import { ASSERTIONS_PER_BLOCK, BLOCKS, generate, LANGUAGES } from '../unit/lang/generated-files.mjs';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-red-check-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const run = (argv: string[], json = false) => redCheck.run({ argv, cwd: dir, env: isolatedEnv(), json, color: false });
const codes = (r: { json: Record<string, unknown> }): string[] =>
  (r.json.problems as { code: string; severity: string; path: string }[]).map((p) => `${p.severity} ${p.code} ${p.path}`);

write({
  'tests/test_math.py':
    'import pytest\n\ndef test_adds():\n    """assert in a docstring"""\n    assert add(1, 2) == 3\n\ndef test_raises():\n    with pytest.raises(ValueError):\n        add("a", 1)\n',
  'math/add_test.go':
    'package math\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif got := Add(1, 2); got != 3 {\n\t\tt.Errorf("Add(1, 2) = %d", got)\n\t}\n}\n',
  'tests/add.rs': '#[test]\nfn adds() {\n    assert_eq!(add(1, 2), 3);\n}\n',
  'test/add.test.ts': "import { expect, it } from 'vitest';\nit('adds', () => { expect(1 + 2).toBe(3); });\n",
  'src/test/java/AddTest.java': '@Test\nvoid adds() {\n  assertEquals(3, add(1, 2));\n}\n',
  'src/test/kotlin/AddTest.kt': '@Test\nfun adds() {\n  add(1, 2) shouldBe 3\n}\n',
  'tests/AddTests.cs': '[Fact]\npublic void Adds() { Assert.Equal(3, Add(1, 2)); }\n',
  'tests/test_empty.py': 'def test_nothing():\n    # assert add(1, 2) == 3\n    add(1, 2)\n',
  'tests/test_prints.py': 'def test_prints():\n    print(add(1, 2))\n',
  'math/skip_test.go': 'package math\n\nimport "testing"\n\nfunc TestSlow(t *testing.T) {\n\tt.Skip("slow")\n\tt.Fatal("never")\n}\n',
  'tests/test_focus.py': '@pytest.mark.only\ndef test_a():\n    assert True\n',
  'notes.txt': 'assert everything\n',
  'tests/empty.py': '',
});

describe('tdd red-check (in process)', () => {
  it('every language with a real assertion: exit 0, one line per file', async () => {
    const files = [
      'tests/test_math.py',
      'math/add_test.go',
      'tests/add.rs',
      'test/add.test.ts',
      'src/test/java/AddTest.java',
      'src/test/kotlin/AddTest.kt',
      'tests/AddTests.cs',
    ];
    const r = await run(files);
    expect(r.exitCode).toBe(0);
    expect(r.text).toBe(
      [
        '✓ tests/test_math.py: 2 assertions',
        '✓ math/add_test.go: 1 assertion',
        '✓ tests/add.rs: 1 assertion',
        '✓ test/add.test.ts: 1 assertion',
        '✓ src/test/java/AddTest.java: 1 assertion',
        '✓ src/test/kotlin/AddTest.kt: 1 assertion',
        '✓ tests/AddTests.cs: 1 assertion',
      ].join('\n'),
    );
    expect((r.json.files as { language: string }[]).map((f) => f.language)).toEqual(['python', 'go', 'rust', 'js', 'java', 'kotlin', 'csharp']);
    expect(r.json.problems).toEqual([]);
  });

  it('--json: files with their facts, problems as data', async () => {
    const r = await run(['tests/test_math.py', 'tests/test_prints.py', 'math/skip_test.go'], true);
    expect(r.exitCode).toBe(1);
    expect(r.json).toEqual({
      files: [
        { path: 'tests/test_math.py', language: 'python', assertions: 2, assertionLines: [5, 8], printOnly: false, markers: [] },
        { path: 'tests/test_prints.py', language: 'python', assertions: 0, assertionLines: [], printOnly: true, markers: [] },
        {
          path: 'math/skip_test.go',
          language: 'go',
          assertions: 1,
          assertionLines: [7],
          printOnly: false,
          markers: [{ kind: 'skip', line: 6, text: 't.Skip' }],
        },
      ],
      problems: [
        {
          code: 'ASSERTION_PRINT_ONLY',
          severity: 'error',
          path: 'tests/test_prints.py',
          data: { language: 'python' },
          message: expect.any(String),
          next: expect.stringContaining('assert add(1, 2) == 3'),
        },
        {
          code: 'MARKER_SKIP',
          severity: 'warn',
          path: 'math/skip_test.go',
          line: 6,
          data: { marker: 't.Skip', kind: 'skip', origin: 'unknown' },
          message: expect.any(String),
          next: expect.any(String),
        },
      ],
    });
  });

  it('no real assertion or print-only: exit 1, each file named', async () => {
    const r = await run(['tests/test_empty.py', 'tests/test_prints.py', 'tests/empty.py', 'tests/add.rs']);
    expect(r.exitCode).toBe(1);
    expect(codes(r)).toEqual([
      'error ASSERTION_MISSING tests/test_empty.py',
      'error ASSERTION_PRINT_ONLY tests/test_prints.py',
      'error ASSERTION_MISSING tests/empty.py',
    ]);
    expect(r.text).toContain('tests/test_empty.py has no real assertion');
    expect(r.text).toContain('tests/test_prints.py only prints');
    expect(r.text).toContain('✓ tests/add.rs: 1 assertion');
  });

  it('skip markers warn (exit 0); --strict makes them fail; focus always fails', async () => {
    const warned = await run(['math/skip_test.go']);
    expect(warned.exitCode).toBe(0);
    expect(warned.text).toBe(
      '✓ math/skip_test.go: 1 assertion\n! math/skip_test.go:6 has a skip marker (t.Skip): a skipped test proves nothing [MARKER_SKIP]\n' +
        '    next: remove the marker (the pre-commit hook refuses one a commit adds)',
    );
    const strict = await run(['math/skip_test.go', '--strict']);
    expect(strict.exitCode).toBe(1);
    expect(codes(strict)).toEqual(['error MARKER_SKIP math/skip_test.go']);
    const focus = await run(['tests/test_focus.py']);
    expect(focus.exitCode).toBe(1);
    expect(codes(focus)).toEqual(['error MARKER_FOCUS tests/test_focus.py']);
    expect(focus.text).not.toContain('✓');
  });

  it('a missing file, a directory or an unknown language: exit 2, named, the rest still checked', async () => {
    const r = await run(['nope_test.py', 'tests', 'notes.txt', 'tests/test_empty.py', 'tests/add.rs'], true);
    expect(r.exitCode).toBe(2);
    expect(codes(r)).toEqual([
      'error FILE_MISSING nope_test.py',
      'error FILE_MISSING tests',
      'error LANGUAGE_UNKNOWN notes.txt',
      'error ASSERTION_MISSING tests/test_empty.py',
    ]);
    const problems = r.json.problems as { code: string; data: Record<string, unknown>; message: string; next?: string }[];
    expect(problems.map((p) => p.data.reason).slice(0, 2)).toEqual(['missing', 'directory']);
    expect(problems[2]!.data.known).toEqual(expect.arrayContaining(['.py', '.go', '.rs', '.ts', '.java', '.kt', '.cs']));
    expect(problems[2]!.next).toMatch(/\.py .*\.go .*\.rs/);
    expect((r.json.files as { path: string }[]).map((f) => f.path)).toEqual(['tests/test_empty.py', 'tests/add.rs']);
  });

  it('paths are relative to the working directory; the same file twice is checked once', async () => {
    const r = await run(['tests/add.rs', './tests/add.rs', join(dir, 'tests/add.rs')]);
    expect(r.text).toBe('✓ tests/add.rs: 1 assertion');
  });

  it('no file: a usage error (exit 2)', async () => {
    const e = await run([]).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(TddError);
    expect((e as TddError).exitCode).toBe(2);
  });

  // Its speed (20 ms warm) is measured by `npm run bench` (bench/lang.mjs, bench/red-check.mjs), not asserted here.
  it.each(Object.keys(LANGUAGES))('a generated 2,000-line %s file: exact count, the same when run again', async (language) => {
    const { path } = LANGUAGES[language as keyof typeof LANGUAGES];
    write({ [`big/${path}`]: generate(language, true) });
    const once = await run([`big/${path}`]);
    expect(once.exitCode).toBe(0);
    expect((once.json.files as { assertions: number }[])[0]!.assertions).toBe(ASSERTIONS_PER_BLOCK * BLOCKS);
    const again = await run([`big/${path}`]);
    expect(again.json).toEqual(once.json);
  });
});

describe('tdd red-check (spawned CLI)', () => {
  const tdd = (...args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, 'red-check', ...args], { cwd: dir, env: isolatedEnv(), encoding: 'utf8' });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('exit 0 with a line per file; exit 1 and 2 as in process', () => {
    expect(tdd('tests/test_math.py', 'tests/add.rs')).toEqual({
      code: 0,
      stdout: '✓ tests/test_math.py: 2 assertions\n✓ tests/add.rs: 1 assertion\n',
      stderr: '',
    });
    expect(tdd('tests/test_prints.py').code).toBe(1);
    expect(tdd('notes.txt').code).toBe(2);
  });

  it('--json', () => {
    const r = tdd('math/add_test.go', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      exitCode: 0,
      files: [{ path: 'math/add_test.go', language: 'go', assertions: 1, assertionLines: [7], printOnly: false, markers: [] }],
      problems: [],
    });
  });

  it('--help names the languages', () => {
    const r = tdd('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: tdd red-check <file>\.\.\./);
    expect(r.stdout).toMatch(/Python\s+\(\.py\)/);
  });
});

describe('tdd red-check: helpers on disk, assertFunctionNames, markers', () => {
  const top = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-red-check-helpers-')));
  afterAll(() => rmSync(top, { recursive: true, force: true }));
  const put = (files: Record<string, string>): void => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(top, path)), { recursive: true });
      writeFileSync(join(top, path), text);
    }
  };
  const check = (argv: string[], cwd = top) => redCheck.run({ argv: [...argv, '--json'], cwd, env: isolatedEnv(), json: true, color: false });
  mkdirSync(join(top, '.git'));
  put({
    'test/add.test.js': "const { expectSum } = require('./support.js');\nit('adds', () => expectSum(1, 2, 3));\n",
    'test/support.js': 'exports.expectSum = function expectSum(a, b, want) { expect(a + b).toBe(want); };\n',
    'test/bare.test.js': "it('adds', () => { expect(add(1, 2)); expect.assertions(1); });\n",
    'calc/sum_test.go': 'package calc\n\nimport "testing"\n\nfunc TestSum(t *testing.T) {\n\tequal(t, Sum(1, 2), 3)\n}\n',
    'calc/helpers_test.go':
      'package calc\n\nimport "testing"\n\nfunc equal(t *testing.T, got, want int) {\n\tif got != want {\n\t\tt.Fatalf("got %d, want %d", got, want)\n\t}\n}\n',
    'tests/format/format.test.js': 'runFormatTest(import.meta, ["babel"]);\n',
    'test/markers.test.js': "(process.env.CI ? it.only : it)('a', () => { expect(1).toBe(1); });\ntest.failing('b', () => { expect(1).toBe(2); });\n",
  });

  it('a helper in an imported file or in the Go package carries the assertion (--json: via)', async () => {
    const r = await check(['test/add.test.js', 'calc/sum_test.go']);
    expect(r.exitCode).toBe(0);
    expect((r.json.files as { path: string; assertions: number; via?: unknown }[]).map(({ path, assertions, via }) => ({ path, assertions, via }))).toEqual([
      { path: 'test/add.test.js', assertions: 1, via: [{ call: 'expectSum', line: 2, kind: 'helper', helper: 'expectSum', path: 'test/support.js' }] },
      { path: 'calc/sum_test.go', assertions: 1, via: [{ call: 'equal', line: 6, kind: 'helper', helper: 'equal', path: 'calc/helpers_test.go' }] },
    ]);
  });

  it('helpers are found by repository path from a subfolder too', async () => {
    const r = await check(['add.test.js'], join(top, 'test'));
    expect(r.exitCode).toBe(0);
    expect((r.json.files as { via?: { path: string }[] }[])[0]!.via?.map((v) => v.path)).toEqual(['test/support.js']);
  });

  it('a bare expect(x) and expect.assertions(n) alone assert nothing', async () => {
    const r = await check(['test/bare.test.js']);
    expect([r.exitCode, (r.json.problems as { code: string }[]).map((p) => p.code)]).toEqual([1, ['ASSERTION_MISSING']]);
  });

  it('assertFunctionNames in .tddrc.json counts a global helper; an invalid value is exit 2, the files still checked', async () => {
    expect((await check(['tests/format/format.test.js'])).exitCode).toBe(1);
    put({ '.tddrc.json': JSON.stringify({ assertFunctionNames: ['runFormatTest'] }) });
    const r = await check(['tests/format/format.test.js']);
    expect(r.exitCode).toBe(0);
    expect((r.json.files as { via?: unknown }[])[0]!.via).toEqual([{ call: 'runFormatTest', line: 1, kind: 'config', pattern: 'runFormatTest' }]);
    put({ '.tddrc.json': JSON.stringify({ assertFunctionNames: ['runFormatTest('] }) });
    const bad = await check(['tests/format/format.test.js', 'test/add.test.js']);
    expect(bad.exitCode).toBe(2);
    expect((bad.json.problems as { code: string; path: string }[]).map((p) => `${p.code} ${p.path}`)).toEqual([
      'CONFIG_INVALID .tddrc.json',
      'ASSERTION_MISSING tests/format/format.test.js',
    ]);
    rmSync(join(top, '.tddrc.json'));
  });

  it('a focus chosen at run time warns; test.failing is an expected failure', async () => {
    const r = await check(['test/markers.test.js']);
    expect(r.exitCode).toBe(0);
    expect((r.json.problems as { code: string; severity: string; data: unknown }[]).map(({ code, severity, data }) => ({ code, severity, data }))).toEqual([
      { code: 'MARKER_FOCUS', severity: 'warn', data: { marker: 'it.only', kind: 'focus', conditional: true } },
      { code: 'MARKER_SKIP', severity: 'warn', data: { marker: 'test.failing', kind: 'xfail', origin: 'unknown' } },
    ]);
  });
});
