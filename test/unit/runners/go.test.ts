import { describe, expect, it } from 'vitest';
import { buildGoArgv, declaredGoTests, parseGoReport } from '../../../src/runners/go.js';
import { classifyGoError, readCompileErrors, type GoContext } from '../../../src/runners/go-build.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/scratch/tree';
const MODULE = 'example.com/mathlib';
const header = (pkg = 'mathlib'): string => `package ${pkg}\n\nimport "testing"\n\n`;
const test = (name: string): string => `func ${name}(t *testing.T) {}\n`;

function input(stdout: string, o: Partial<ParseInput> & { files: string[] }): ParseInput {
  return { report: undefined, exitCode: 1, stdout, stderr: '', root: ROOT, sources: new Map(), ...o };
}

const summary = (r: ReturnType<typeof parseGoReport>) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.file, t.name, t.status, t.failure, t.message]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind, e.message]),
});

describe('declaredGoTests', () => {
  it('reads Test functions from code only: not comments, strings, methods, TestMain(m) or Testing', () => {
    const text = [
      header(),
      test('TestSub'),
      'func TestÄrger(t *testing.T) {}',
      '// func TestInComment(t *testing.T) {}',
      'var s = `',
      'func TestInRawString(t *testing.T) {}',
      '`',
      'func (s *Suite) TestMethod(t *testing.T) {}',
      'func TestMain(m *testing.M) { m.Run() }',
      'func Testing(t *testing.T) {}',
      'func ExampleSub() {}',
      'func FuzzSub(f *testing.F) {}',
      test('Test'),
      test('TestSub'),
    ].join('\n');
    expect(declaredGoTests('math_test.go', text)).toEqual(['TestSub', 'TestÄrger', 'Test']);
  });

  it('a TestMain that takes a *testing.T is an ordinary test', () => {
    expect(declaredGoTests('a_test.go', `${header()}func TestMain(t *testing.T) {}\n`)).toEqual(['TestMain']);
  });
});

describe('buildGoArgv', () => {
  const base = { root: ROOT, reportPath: '/tmp/r/report', nodePath: '/usr/bin/node', runnerPath: 'go', cacheDir: '/tmp/c' };

  it('runs the folders of the files once each, as ./ paths, with no toolchain download', () => {
    const built = buildGoArgv({ ...base, files: ['math_test.go', 'calc/a_test.go', 'calc/b_test.go', '-x/c_test.go'] });
    expect(built).toEqual({ argv: ['go', 'test', '-json', '-count=1', './.', './calc', './-x'], env: { GOTOOLCHAIN: 'local' } });
  });

  it('with the sources, -run names exactly the Test functions of the asked files', () => {
    const sources = new Map([
      ['math_test.go', `${header()}${test('TestSub')}${test('TestNeg')}`],
      ['calc/a_test.go', `${header('calc')}${test('TestAdd')}${test('TestSub')}`],
      ['calc/other_test.go', `${header('calc')}${test('TestOther')}`],
    ]);
    const built = buildGoArgv({ ...base, files: ['math_test.go', 'calc/a_test.go'], sources });
    expect('argv' in built && built.argv).toEqual(['go', 'test', '-json', '-count=1', '-run=^(TestSub|TestNeg|TestAdd)$', './.', './calc']);
  });

  it('asked files without a Test function: -run matches nothing (the package is still built)', () => {
    const built = buildGoArgv({ ...base, files: ['math_test.go'], sources: new Map([['math_test.go', header()]]) });
    expect('argv' in built && built.argv).toContain('-run=^$');
  });
});

/**
 * From a real go 1.19.8 run (`go test -json -count=1 -run '^(TestSub|TestNeg|TestLater|TestTable|TestOwn)$' ./.`,
 * exit 1); Time fields cut.
 */
const MIXED = String.raw`{"Action":"run","Package":"example.com/mathlib","Test":"TestSub"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"=== RUN   TestSub\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"    math_test.go:7: Sub(5, 3) = 8, want 2\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"--- FAIL: TestSub (0.00s)\n"}
{"Action":"fail","Package":"example.com/mathlib","Test":"TestSub","Elapsed":0}
{"Action":"run","Package":"example.com/mathlib","Test":"TestNeg"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestNeg","Output":"=== RUN   TestNeg\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestNeg","Output":"--- PASS: TestNeg (0.00s)\n"}
{"Action":"pass","Package":"example.com/mathlib","Test":"TestNeg","Elapsed":0}
{"Action":"run","Package":"example.com/mathlib","Test":"TestLater"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestLater","Output":"=== RUN   TestLater\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestLater","Output":"    math_test.go:18: later\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestLater","Output":"--- SKIP: TestLater (0.00s)\n"}
{"Action":"skip","Package":"example.com/mathlib","Test":"TestLater","Elapsed":0}
{"Action":"run","Package":"example.com/mathlib","Test":"TestTable"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable","Output":"=== RUN   TestTable\n"}
{"Action":"run","Package":"example.com/mathlib","Test":"TestTable/zero"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable/zero","Output":"=== RUN   TestTable/zero\n"}
{"Action":"run","Package":"example.com/mathlib","Test":"TestTable/neg_case"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable/neg_case","Output":"=== RUN   TestTable/neg_case\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable/neg_case","Output":"    math_test.go:25: Sub(1, 3) = 4\n"}
{"Action":"run","Package":"example.com/mathlib","Test":"TestTable/skipped"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable/skipped","Output":"=== RUN   TestTable/skipped\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable/skipped","Output":"    math_test.go:28: todo\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable","Output":"--- FAIL: TestTable (0.00s)\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable/zero","Output":"    --- PASS: TestTable/zero (0.00s)\n"}
{"Action":"pass","Package":"example.com/mathlib","Test":"TestTable/zero","Elapsed":0}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable/neg_case","Output":"    --- FAIL: TestTable/neg_case (0.00s)\n"}
{"Action":"fail","Package":"example.com/mathlib","Test":"TestTable/neg_case","Elapsed":0}
{"Action":"output","Package":"example.com/mathlib","Test":"TestTable/skipped","Output":"    --- SKIP: TestTable/skipped (0.00s)\n"}
{"Action":"skip","Package":"example.com/mathlib","Test":"TestTable/skipped","Elapsed":0}
{"Action":"fail","Package":"example.com/mathlib","Test":"TestTable","Elapsed":0}
{"Action":"run","Package":"example.com/mathlib","Test":"TestOwn"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestOwn","Output":"=== RUN   TestOwn\n"}
{"Action":"run","Package":"example.com/mathlib","Test":"TestOwn/ok"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestOwn/ok","Output":"=== RUN   TestOwn/ok\n"}
{"Action":"cont","Package":"example.com/mathlib","Test":"TestOwn"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestOwn","Output":"=== CONT  TestOwn\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestOwn","Output":"    math_test.go:33: parent fails on its own\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestOwn","Output":"--- FAIL: TestOwn (0.00s)\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestOwn/ok","Output":"    --- PASS: TestOwn/ok (0.00s)\n"}
{"Action":"pass","Package":"example.com/mathlib","Test":"TestOwn/ok","Elapsed":0}
{"Action":"fail","Package":"example.com/mathlib","Test":"TestOwn","Elapsed":0}
{"Action":"output","Package":"example.com/mathlib","Output":"FAIL\n"}
{"Action":"output","Package":"example.com/mathlib","Output":"FAIL\texample.com/mathlib\t0.002s\n"}
{"Action":"fail","Package":"example.com/mathlib","Elapsed":0.002}
`;

const MIXED_SOURCES = new Map([['math_test.go', `${header()}${['TestSub', 'TestNeg', 'TestLater', 'TestTable', 'TestOwn'].map(test).join('')}`]]);

/** Real go 1.19.8: a subtest panics (first_test.go runs first), so math_test.go's tests never run; the trace trimmed. */
const PANIC = String.raw`{"Action":"run","Package":"example.com/mathlib","Test":"TestFirst"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst","Output":"=== RUN   TestFirst\n"}
{"Action":"run","Package":"example.com/mathlib","Test":"TestFirst/empty"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst/empty","Output":"=== RUN   TestFirst/empty\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst","Output":"--- FAIL: TestFirst (0.00s)\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst/empty","Output":"    --- FAIL: TestFirst/empty (0.00s)\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst/empty","Output":"panic: runtime error: index out of range [0] with length 0 [recovered]\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst/empty","Output":"\tpanic: runtime error: index out of range [0] with length 0\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst/empty","Output":"\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst/empty","Output":"goroutine 7 [running]:\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst/empty","Output":"example.com/mathlib.First(...)\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestFirst/empty","Output":"\t/scratch/tree/mathlib.go:5\n"}
{"Action":"fail","Package":"example.com/mathlib","Test":"TestFirst/empty","Elapsed":0}
{"Action":"fail","Package":"example.com/mathlib","Test":"TestFirst","Elapsed":0}
{"Action":"output","Package":"example.com/mathlib","Output":"FAIL\texample.com/mathlib\t0.004s\n"}
{"Action":"fail","Package":"example.com/mathlib","Elapsed":0.004}
`;

/** Real go 1.19.8, `-timeout 5ms`: the running test gets no end event; the trace trimmed. */
const TIMEOUT = String.raw`{"Action":"run","Package":"example.com/mathlib","Test":"TestSlow"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSlow","Output":"=== RUN   TestSlow\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSlow","Output":"panic: test timed out after 5ms\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSlow","Output":"\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSlow","Output":"goroutine 5 [running]:\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSlow","Output":"testing.(*M).startAlarm.func1()\n"}
{"Action":"output","Package":"example.com/mathlib","Output":"FAIL\texample.com/mathlib\t0.010s\n"}
{"Action":"fail","Package":"example.com/mathlib","Elapsed":0.01}
`;

/** Real go 1.19.8: testify's failure shape (`t.Errorf("\n%s", labeledOutput(…))`). */
const TESTIFY = String.raw`{"Action":"run","Package":"example.com/mathlib","Test":"TestSub"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"=== RUN   TestSub\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"    math_test.go:7: \n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"        \tError Trace:\t/scratch/tree/math_test.go:7\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"        \tError:      \tNot equal: \n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"        \t            \texpected: 3\n"}
{"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"--- FAIL: TestSub (0.00s)\n"}
{"Action":"fail","Package":"example.com/mathlib","Test":"TestSub","Elapsed":0}
{"Action":"output","Package":"example.com/mathlib","Output":"FAIL\texample.com/mathlib\t0.003s\n"}
{"Action":"fail","Package":"example.com/mathlib","Elapsed":0.003}
`;

describe('parseGoReport: test events', () => {
  it('classifies each test; subtests are leaves named "TestX > case", a parent only when it failed on its own', () => {
    const r = parseGoReport(input(MIXED, { files: ['math_test.go'], sources: MIXED_SOURCES }));
    const F = 'math_test.go';
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        [F, 'TestSub', 'failed', 'assertion', 'math_test.go:7: Sub(5, 3) = 8, want 2'],
        [F, 'TestNeg', 'passed', undefined, undefined],
        [F, 'TestLater', 'skipped', undefined, undefined],
        [F, 'TestTable > zero', 'passed', undefined, undefined],
        [F, 'TestTable > neg_case', 'failed', 'assertion', 'math_test.go:25: Sub(1, 3) = 4'],
        [F, 'TestTable > skipped', 'skipped', undefined, undefined],
        [F, 'TestOwn', 'failed', 'assertion', 'math_test.go:33: parent fails on its own'],
        [F, 'TestOwn > ok', 'passed', undefined, undefined],
      ],
      fileErrors: [],
    });
  });

  it('maps a test to the asked file that declares it; tests of files nobody asked about are left out', () => {
    const sources = new Map([
      ['math_test.go', `${header()}${test('TestSub')}${test('TestNeg')}`],
      ['table_test.go', `${header()}${test('TestTable')}`],
    ]);
    const r = parseGoReport(input(MIXED, { files: ['math_test.go', 'table_test.go'], sources }));
    expect(r.tests.map((t) => `${t.file}: ${t.name}`)).toEqual([
      'math_test.go: TestSub',
      'math_test.go: TestNeg',
      'table_test.go: TestTable > zero',
      'table_test.go: TestTable > neg_case',
      'table_test.go: TestTable > skipped',
    ]);
    expect(r.fileErrors).toEqual([]);
  });

  it('a panic is an exception; the asked file whose tests never ran is a load-error, not a pass', () => {
    const sources = new Map([
      ['first_test.go', `${header()}${test('TestFirst')}`],
      ['math_test.go', `${header()}${test('TestSub')}`],
    ]);
    const r = parseGoReport(input(PANIC, { files: ['first_test.go', 'math_test.go'], sources }));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [['first_test.go', 'TestFirst > empty', 'failed', 'exception', 'panic: runtime error: index out of range [0] with length 0']],
      fileErrors: [['math_test.go', 'load-error', 'not run: the test binary ended: panic: runtime error: index out of range [0] with length 0']],
    });
  });

  it("go's own -timeout: the test without an end event failed with a timeout", () => {
    const r = parseGoReport(input(TIMEOUT, { files: ['math_test.go'], sources: new Map([['math_test.go', `${header()}${test('TestSlow')}`]]) }));
    expect(summary(r).tests).toEqual([['math_test.go', 'TestSlow', 'failed', 'timeout', 'panic: test timed out after 5ms']]);
  });

  it('testify: the location line is empty, the message is on its `Error:` line', () => {
    const r = parseGoReport(input(TESTIFY, { files: ['math_test.go'], sources: new Map([['math_test.go', `${header()}${test('TestSub')}`]]) }));
    expect(summary(r).tests).toEqual([['math_test.go', 'TestSub', 'failed', 'assertion', 'math_test.go:7: Not equal:']]);
  });

  /**
   * Real go 1.19.8, `go test -json ./. ./a ./b ./c` (exit 2): the root declares no Test function
   * (`[no tests to run]`), a/ has no test file go builds, b/ fails go vet (stderr), c/'s TestC calls os.Exit(3).
   */
  it('no tests, no test files, a vet error and an os.Exit in a test', () => {
    const stdout = String.raw`{"Action":"output","Package":"example.com/mathlib","Output":"testing: warning: no tests to run\n"}
{"Action":"output","Package":"example.com/mathlib","Output":"PASS\n"}
{"Action":"output","Package":"example.com/mathlib","Output":"ok  \texample.com/mathlib\t0.007s [no tests to run]\n"}
{"Action":"pass","Package":"example.com/mathlib","Elapsed":0.011}
{"Action":"output","Package":"example.com/mathlib/a","Output":"?   \texample.com/mathlib/a\t[no test files]\n"}
{"Action":"skip","Package":"example.com/mathlib/a","Elapsed":0}
FAIL	example.com/mathlib/b [build failed]
{"Action":"run","Package":"example.com/mathlib/c","Test":"TestC"}
{"Action":"output","Package":"example.com/mathlib/c","Test":"TestC","Output":"=== RUN   TestC\n"}
{"Action":"output","Package":"example.com/mathlib/c","Output":"FAIL\texample.com/mathlib/c\t0.006s\n"}
{"Action":"fail","Package":"example.com/mathlib/c","Elapsed":0.023}
`;
    const stderr = '# example.com/mathlib/b\nb/b_test.go:9:2: fmt.Printf format %s reads arg #1, but call has 0 args\n';
    const sources = new Map([
      ['math_test.go', `${header()}func helper(t *testing.T) {}\n`],
      ['a/a_test.go', `//go:build ignore\n\n${header('a')}${test('TestA')}`],
      ['b/b_test.go', `package b\n\nimport (\n\t"fmt"\n\t"testing"\n)\n\nfunc TestB(t *testing.T) {\n\tfmt.Printf("%s")\n}\n`],
      // TestD was in c_test.go; put in a file of its own it shows what becomes of a file the exit cut off.
      ['c/c_test.go', `${header('c')}${test('TestC')}`],
      ['c/d_test.go', `${header('c')}${test('TestD')}`],
      ['mathlib.go', 'package mathlib\n'],
    ]);
    const r = parseGoReport(input(stdout, { exitCode: 2, stderr, files: [...sources.keys()], sources }));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [['c/c_test.go', 'TestC', 'failed', 'exception', 'the test binary exited during this test']],
      fileErrors: [
        ['math_test.go', 'no-tests', 'declares no Test function'],
        ['mathlib.go', 'no-tests', 'go test only runs _test.go files'],
        ['a/a_test.go', 'no-tests', 'go found no test file in the package (build constraints?)'],
        ['b/b_test.go', 'load-error', 'b/b_test.go:9: fmt.Printf format %s reads arg #1, but call has 0 args'],
        ['c/d_test.go', 'load-error', 'not run: the test binary ended in TestC: it exited without saying why'],
      ],
    });
  });

  it('a package that failed while every test passed (TestMain exiting 1) is a load-error', () => {
    const stdout = MIXED.split('\n')
      .filter(
        (l) =>
          /"Test":"TestNeg"/.test(l) ||
          /"Package":"example.com\/mathlib","Output":"FAIL/.test(l) ||
          /"Action":"fail","Package":"example.com\/mathlib","Elapsed"/.test(l),
      )
      .join('\n');
    const r = parseGoReport(input(stdout, { files: ['math_test.go'], sources: MIXED_SOURCES }));
    expect(summary(r).tests).toEqual([['math_test.go', 'TestNeg', 'passed', undefined, undefined]]);
    expect(summary(r).fileErrors).toEqual([['math_test.go', 'load-error', 'the package failed after its tests passed: it exited without saying why']]);
  });
});

describe('parseGoReport: builds that fail (go 1.19: text on stdout, errors on stderr)', () => {
  /** Real go 1.19.8, `go test -json -count=1 ./. ./calc ./geo ./p` (exit 2); p/ imports dep/, which does not compile. */
  const BUILD_STDOUT =
    'FAIL\texample.com/mathlib [build failed]\nFAIL\texample.com/mathlib/calc [build failed]\nFAIL\texample.com/mathlib/geo [build failed]\nFAIL\texample.com/mathlib/p [build failed]\n';
  const BUILD_STDERR = `# example.com/mathlib [example.com/mathlib.test]
./math_test.go:6:5: undefined: Add
# example.com/mathlib/calc_test [example.com/mathlib/calc.test]
calc/calc_test.go:11:7: c.Add undefined (type calc.Calc has no field or method Add)
calc/calc_test.go:14:10: undefined: calc.Double
# example.com/mathlib/geo [example.com/mathlib/geo.test]
geo/geo_test.go:6:20: cannot use 4 (untyped int constant) as string value in variable declaration
# example.com/mathlib/dep
dep/dep.go:3:23: cannot use "x" (untyped string constant) as int value in return statement
`;
  const BUILD_SOURCES = new Map([
    ['math_test.go', `${header()}func TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal("Add(1, 2) != 3")\n\t}\n}\n`],
    [
      'calc/calc_test.go',
      'package calc_test\n\nimport (\n\t"testing"\n\n\t"example.com/mathlib/calc"\n)\n\nfunc TestAdd(t *testing.T) {\n\tvar c calc.Calc\n\tif c.Add(1, 2) != 3 {\n\t\tt.Fatal("x")\n\t}\n\tif calc.Double(2) != 4 {\n\t\tt.Fatal("y")\n\t}\n}\n',
    ],
    ['geo/geo_test.go', `${header('geo')}func TestArea(t *testing.T) {\n\tvar area string = 4\n\t_ = area\n}\n`],
    [
      'p/p_test.go',
      'package p\n\nimport (\n\t"testing"\n\n\t"example.com/mathlib/dep"\n)\n\nfunc TestP(t *testing.T) {\n\tif dep.D() != 1 {\n\t\tt.Fatal("x")\n\t}\n}\n',
    ],
  ]);

  it('one file error per asked file: project symbols, a type error, a dependency that did not build', () => {
    const r = parseGoReport(input(BUILD_STDOUT, { exitCode: 2, stderr: BUILD_STDERR, files: [...BUILD_SOURCES.keys()], sources: BUILD_SOURCES }));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [],
      fileErrors: [
        ['math_test.go', 'missing-symbol', 'math_test.go:6: undefined: Add'],
        ['calc/calc_test.go', 'missing-symbol', 'calc/calc_test.go:11: c.Add undefined (type calc.Calc has no field or method Add)'],
        ['geo/geo_test.go', 'load-error', 'geo/geo_test.go:6: cannot use 4 (untyped int constant) as string value in variable declaration'],
        ['p/p_test.go', 'load-error', 'not built: dep/dep.go:3: cannot use "x" (untyped string constant) as int value in return statement'],
      ],
    });
  });

  it('a sibling test file nobody asked about does not compile: load-error naming it, even over a missing symbol', () => {
    // Real go 1.19.8: math_test.go uses Add, other_test.go has a type error.
    const stderr = `# example.com/mathlib [example.com/mathlib.test]
./math_test.go:6:5: undefined: Add
./other_test.go:6:19: cannot use Sub(5, 3) (value of type int) as type string in variable declaration
`;
    const sources = new Map([['math_test.go', BUILD_SOURCES.get('math_test.go')!]]);
    const r = parseGoReport(input('FAIL\texample.com/mathlib [build failed]\n', { exitCode: 2, stderr, files: ['math_test.go'], sources }));
    expect(summary(r).fileErrors).toEqual([
      ['math_test.go', 'load-error', 'not built: other_test.go:6: cannot use Sub(5, 3) (value of type int) as type string in variable declaration'],
    ]);
    // Both asked: each file answers for its own errors.
    const both = parseGoReport(input('FAIL\texample.com/mathlib [build failed]\n', { exitCode: 2, stderr, files: ['math_test.go', 'other_test.go'], sources }));
    expect(summary(both).fileErrors.map((e) => e.slice(0, 2))).toEqual([
      ['math_test.go', 'missing-symbol'],
      ['other_test.go', 'load-error'],
    ]);
  });

  it('an asked file without errors of its own shares the fate of the other asked files of its package', () => {
    const stderr = '# example.com/mathlib [example.com/mathlib.test]\n./math_test.go:6:5: undefined: Add\n';
    const sources = new Map([
      ['math_test.go', BUILD_SOURCES.get('math_test.go')!],
      ['sub_test.go', `${header()}${test('TestSub')}`],
    ]);
    const r = parseGoReport(input('FAIL\texample.com/mathlib [build failed]\n', { exitCode: 2, stderr, files: ['math_test.go', 'sub_test.go'], sources }));
    expect(summary(r).fileErrors).toEqual([
      ['math_test.go', 'missing-symbol', 'math_test.go:6: undefined: Add'],
      ['sub_test.go', 'missing-symbol', 'not built: math_test.go:6: undefined: Add'],
    ]);
  });

  it("a build that failed with no error to show (stderr's head cut off): load-error, never a pass", () => {
    const r = parseGoReport(input('FAIL\texample.com/mathlib [build failed]\n', { exitCode: 2, files: ['math_test.go'], sources: BUILD_SOURCES }));
    expect(summary(r)).toEqual({ status: 'completed', tests: [], fileErrors: [['math_test.go', 'load-error', 'the package did not build']] });
  });

  /** Real go 1.19.8 (exit 1): errors while loading the packages, each `[setup failed]`. */
  const SETUP_STDOUT =
    'FAIL\texample.com/mathlib [setup failed]\nFAIL\texample.com/mathlib/calc [setup failed]\nFAIL\texample.com/mathlib/geo [setup failed]\nFAIL\texample.com/mathlib/p [setup failed]\n';
  const SETUP_STDERR = `# example.com/mathlib
math_test.go:7:39: missing ',' before newline in argument list
# example.com/mathlib/calc
calc/calc_test.go:6:2: no required module provides package github.com/nonexistent/pkg; to add it:
\tgo get github.com/nonexistent/pkg
# example.com/mathlib/geo
geo/geo_test.go:6:2: no required module provides package example.com/mathlib/geo/shapes; to add it:
\tgo get example.com/mathlib/geo/shapes
# example.com/mathlib/p
p/p_test.go:6:2: no required module provides package example.com/mathlib/nothere/shapes; to add it:
\tgo get example.com/mathlib/nothere/shapes
`;
  const SETUP_FILES = ['math_test.go', 'calc/calc_test.go', 'geo/geo_test.go', 'p/p_test.go'];

  it('syntax; a missing module; the next package of the project (geo/ is there), one whose parent is not (nothere/)', () => {
    const r = parseGoReport(input(SETUP_STDOUT, { stderr: SETUP_STDERR, files: SETUP_FILES }));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [],
      fileErrors: [
        ['math_test.go', 'syntax', "math_test.go:7: missing ',' before newline in argument list"],
        ['calc/calc_test.go', 'missing-module', 'calc/calc_test.go:6: no required module provides package github.com/nonexistent/pkg'],
        ['geo/geo_test.go', 'missing-symbol', 'geo/geo_test.go:6: no required module provides package example.com/mathlib/geo/shapes'],
        ['p/p_test.go', 'missing-module', 'p/p_test.go:6: no required module provides package example.com/mathlib/nothere/shapes'],
      ],
    });
  });

  it("the caller's isProjectImport decides whether an import path is the project's next package", () => {
    const isProjectImport = (file: string, path: string): boolean | undefined =>
      file === 'p/p_test.go' ? path === 'example.com/mathlib/nothere/shapes' : undefined;
    const r = parseGoReport(input(SETUP_STDOUT, { stderr: SETUP_STDERR, files: SETUP_FILES, isProjectImport }));
    expect(summary(r).fileErrors.map((e) => e[1])).toEqual(['syntax', 'missing-module', 'missing-symbol', 'missing-symbol']);
  });
});

/**
 * Go ≥ 1.24 (not installed here): written from Go's own test script
 * cmd/go/testdata/script/test_json_build.txt (module `m`), as research/test-runners.md describes —
 * build errors as `build-output` events, `build-fail`, and `FailedBuild` on the package's `fail`.
 */
const GO124 = String.raw`{"ImportPath":"m/builderror [m/builderror.test]","Action":"build-output","Output":"# m/builderror [m/builderror.test]\n"}
{"ImportPath":"m/builderror [m/builderror.test]","Action":"build-output","Output":"builderror/main_test.go:3:11: undefined: y\n"}
{"ImportPath":"m/builderror [m/builderror.test]","Action":"build-fail"}
{"Time":"2025-02-11T10:00:00.1Z","Action":"start","Package":"m/builderror"}
{"Time":"2025-02-11T10:00:00.1Z","Action":"output","Package":"m/builderror","Output":"FAIL\tm/builderror [build failed]\n"}
{"Time":"2025-02-11T10:00:00.1Z","Action":"fail","Package":"m/builderror","Elapsed":0,"FailedBuild":"m/builderror [m/builderror.test]"}
{"ImportPath":"m/builderror2/x","Action":"build-output","Output":"# m/builderror2/x\n"}
{"ImportPath":"m/builderror2/x","Action":"build-output","Output":"builderror2/x/main.go:3:11: undefined: y\n"}
{"ImportPath":"m/builderror2/x","Action":"build-fail"}
{"Time":"2025-02-11T10:00:00.2Z","Action":"start","Package":"m/builderror2"}
{"Time":"2025-02-11T10:00:00.2Z","Action":"output","Package":"m/builderror2","Output":"FAIL\tm/builderror2 [build failed]\n"}
{"Time":"2025-02-11T10:00:00.2Z","Action":"fail","Package":"m/builderror2","Elapsed":0,"FailedBuild":"m/builderror2/x"}
{"ImportPath":"x","Action":"build-output","Output":"# m/loaderror\n"}
{"ImportPath":"x","Action":"build-output","Output":"loaderror/main_test.go:10:8: package x is not in std (/usr/local/go/src/x)\n"}
{"ImportPath":"x","Action":"build-fail"}
{"Time":"2025-02-11T10:00:00.3Z","Action":"start","Package":"m/loaderror"}
{"Time":"2025-02-11T10:00:00.3Z","Action":"output","Package":"m/loaderror","Output":"FAIL\tm/loaderror [setup failed]\n"}
{"Time":"2025-02-11T10:00:00.3Z","Action":"fail","Package":"m/loaderror","Elapsed":0,"FailedBuild":"x"}
`;

describe('parseGoReport: Go ≥ 1.24 build events (JSON, nothing on stderr)', () => {
  it('reads build-output lines like stderr and FailedBuild like `[build failed]`', () => {
    const sources = new Map([
      ['builderror/main_test.go', 'package builderror\n\nconst x = y\n'],
      ['builderror2/main_test.go', 'package builderror2\n\nimport _ "m/builderror2/x"\n'],
      ['loaderror/main_test.go', '// A bad import.\n\npackage loaderror\n\nimport _ "x"\n'],
    ]);
    const r = parseGoReport(input(GO124, { files: [...sources.keys()], sources }));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [],
      fileErrors: [
        ['builderror/main_test.go', 'missing-symbol', 'builderror/main_test.go:3: undefined: y'],
        ['builderror2/main_test.go', 'load-error', 'not built: builderror2/x/main.go:3: undefined: y'],
        ['loaderror/main_test.go', 'missing-module', 'loaderror/main_test.go:10: package x is not in std (/usr/local/go/src/x)'],
      ],
    });
  });
});

describe('parseGoReport: what cannot be trusted', () => {
  const files = ['math_test.go'];
  it.each([
    ['an exit code go test never uses', { exitCode: 3 }, 'go test stopped (exit 3)'],
    ['no exit code', { exitCode: null }, 'go test stopped (exit null)'],
    // Only the output's tail is kept: a stream cut at the front starts inside a line.
    ['a stream cut at the front', { stdout: MIXED.slice(40) }, 'unreadable go test output: athlib","Test":"TestSub"}'],
    ['a line that is not go test output', { stdout: `${MIXED}panic: something else\n` }, 'unreadable go test output: panic: something else'],
    ['a JSON line without an Action', { stdout: '{"Package":"example.com/mathlib"}\n' }, 'unreadable go test output: {"Package":"example.com/mathlib"}'],
    // Real go 1.19.8 outside a module: exit 1, nothing on stdout.
    [
      'go stopped before testing',
      { stdout: '', stderr: "go: go.mod file not found in current directory or any parent directory; see 'go help modules'\n" },
      "go test reported nothing for ./.: go: go.mod file not found in current directory or any parent directory; see 'go help modules'",
    ],
    ['a package that never finished', { stdout: MIXED.split('\n').slice(0, 10).join('\n') }, 'go test did not finish ./.'],
  ] as const)('%s → unknown', (_, o, reason) => {
    const r = parseGoReport(input(MIXED, { files, sources: MIXED_SOURCES, ...o }));
    expect(r).toMatchObject({ status: 'unknown', reason, tests: [], fileErrors: [] });
  });

  it('every asked folder excluded by build constraints: no-tests (real go 1.19.8 stops the run on it)', () => {
    const stderr = 'package example.com/mathlib/ig: build constraints exclude all Go files in /scratch/tree/ig\n';
    const r = parseGoReport(input('', { stderr, files: ['ig/ig_test.go'] }));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [],
      fileErrors: [['ig/ig_test.go', 'no-tests', 'build constraints exclude every Go file of the package']],
    });
    // With another folder that go never got to, nothing can be said.
    expect(parseGoReport(input('', { stderr, files: ['ig/ig_test.go', 'only/only_test.go'] })).status).toBe('unknown');
  });
});

describe('readCompileErrors', () => {
  it('keeps located errors with their continuation lines, repository-relative; drops headers and "too many errors"', () => {
    const text = `# example.com/mathlib/calc [example.com/mathlib/calc.test]
calc/calc_test.go:8:16: cannot use &Calc{} (value of type *Calc) as type Adder in variable declaration:
\t*Calc does not implement Adder (missing Add method)
./math_test.go:12:5: undefined: Add
calc/calc_test.go:20:2: too many errors
`;
    expect(readCompileErrors(text, ROOT)).toEqual([
      {
        file: 'calc/calc_test.go',
        line: 8,
        message: 'cannot use &Calc{} (value of type *Calc) as type Adder in variable declaration: *Calc does not implement Adder (missing Add method)',
      },
      { file: 'math_test.go', line: 12, message: 'undefined: Add' },
    ]);
  });
});

describe('classifyGoError', () => {
  const internal = `${header('calc')}import (\n\t"strings"\n\n\t"example.com/mathlib/geo"\n)\n\nfunc TestA(t *testing.T) {\n\t_ = strings.ToUpper(fmt.Sprint(Mul(2, 3)))\n}\n`;
  const external = `package calc_test\n\nimport (\n\t"strings"\n\t"testing"\n\n\t"example.com/mathlib/calc"\n)\n\nfunc TestB(t *testing.T) {\n\t_ = Sub(1, 2)\n}\n`;
  const dotted = `package calc_test\n\nimport (\n\t"testing"\n\n\t. "example.com/mathlib/calc"\n)\n\nfunc TestC(t *testing.T) {\n\t_ = Sub(1, 2)\n}\n`;
  const ctx = (text: string): GoContext => ({ file: 'calc/calc_test.go', text, module: MODULE, dirs: new Set(['.', 'calc']) });

  // Messages from real go 1.19.8 runs unless marked; `line` points into the file text above.
  it.each([
    ['undefined: Mul', internal, 12, 'missing-symbol'],
    // `fmt.Sprint` without importing fmt: a forgotten import, not a project symbol.
    ['undefined: fmt', internal, 12, 'load-error'],
    // External test package: an unqualified name no implementation can declare there…
    ['undefined: Sub', external, 11, 'load-error'],
    // …unless the project package is dot-imported.
    ['undefined: Sub', dotted, 10, 'missing-symbol'],
    ['undefined: calc.Double', external, 11, 'missing-symbol'],
    // Unexported: never usable from another package.
    ['undefined: calc.add', external, 11, 'load-error'],
    ['undefined: strings.Nope', external, 11, 'load-error'],
    // go/types wording (gopls, newer go vet).
    ['Double not declared by package calc', external, 11, 'missing-symbol'],
    ['c.Add undefined (type calc.Calc has no field or method Add)', external, 11, 'missing-symbol'],
    ['c.Add undefined (type *Calc has no field or method Add, but does have add)', internal, 12, 'missing-symbol'],
    ['b.Foo undefined (type strings.Builder has no field or method Foo)', external, 11, 'load-error'],
    ['n.Foo undefined (type int has no field or method Foo)', internal, 12, 'load-error'],
    ["unknown field 'Name' in struct literal of type calc.Calc", external, 11, 'missing-symbol'],
    [
      'cannot use &Calc{} (value of type *Calc) as type Adder in variable declaration: *Calc does not implement Adder (missing Add method)',
      internal,
      12,
      'missing-symbol',
    ],
    // go ≥ 1.20 wording.
    [
      'cannot use &Calc{} (value of type *Calc) as Adder value in variable declaration: *Calc does not implement Adder (missing method Add)',
      internal,
      12,
      'missing-symbol',
    ],
    ['cannot use 4 (untyped int constant) as string value in variable declaration', internal, 12, 'load-error'],
    ['x declared but not used', internal, 12, 'load-error'],
    ["missing ',' before newline in argument list", internal, 12, 'syntax'],
    ["expected operand, found '}'", internal, 12, 'syntax'],
    // The compiler's parser, for files go list does not parse whole.
    ['syntax error: unexpected newline in argument list; possibly missing comma or )', internal, 12, 'syntax'],
    ['no required module provides package github.com/nonexistent/pkg; to add it: go get github.com/nonexistent/pkg', internal, 5, 'missing-module'],
    ['package nothere/shapes is not in GOROOT (/usr/lib/go-1.19/src/nothere/shapes)', internal, 5, 'missing-module'],
    ['no required module provides package example.com/mathlib/calc/shapes; to add it: go get example.com/mathlib/calc/shapes', internal, 5, 'missing-symbol'],
    ['no required module provides package example.com/mathlib/geo/shapes; to add it: go get example.com/mathlib/geo/shapes', internal, 5, 'missing-module'],
    // Another module that happens to share the prefix is not this one.
    ['no required module provides package example.com/mathlibx/shapes; to add it: go get example.com/mathlibx/shapes', internal, 5, 'missing-module'],
  ] as const)('%s', (message, text, line, kind) => {
    expect(classifyGoError(message, line, ctx(text))).toBe(kind);
  });

  it("without a known module path, no import path is the project's", () => {
    expect(classifyGoError('no required module provides package example.com/mathlib/calc/shapes', 5, { ...ctx(internal), module: undefined })).toBe(
      'missing-module',
    );
    expect(classifyGoError('undefined: calc.Double', 11, { ...ctx(external), module: undefined })).toBe('load-error');
  });
});
