/** minitest's report (our runner script's JSON) as the gates read it: literal reports, no process. */
import { describe, expect, it } from 'vitest';
import { buildMinitestArgv, parseMinitestReport } from '../../../src/runners/minitest.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/tmp/copy';
const input = (report: unknown, files = ['test/a_test.rb']): ParseInput => ({
  report: typeof report === 'string' || report === undefined ? report : JSON.stringify(report),
  exitCode: 1,
  stdout: '',
  stderr: '',
  files,
  root: ROOT,
  sources: new Map(),
});

describe('parseMinitestReport', () => {
  it('no report (a process that ended before minitest reported) and a report that is not JSON: unknown, never a pass', () => {
    expect(parseMinitestReport(input(undefined))).toMatchObject({ status: 'unknown', reason: 'minitest wrote no report' });
    expect(parseMinitestReport(input('{"tests": ['))).toMatchObject({ status: 'unknown', reason: 'the minitest report is not JSON' });
  });

  it('classes failures and load errors; a test of no asked file is dropped; an asked file without results holds no tests', () => {
    const r = parseMinitestReport(
      input(
        {
          tests: [
            { file: 'test/a_test.rb', name: 'A#test_1', status: 'failed', class: 'Minitest::Assertion', message: 'Expected: 5\n  Actual: 1' },
            { file: 'test/a_test.rb', name: 'A#test_2', status: 'failed', class: 'NameError', message: 'uninitialized constant A::Calc' },
            { file: 'test/a_test.rb', name: 'A#test_3', status: 'failed', class: 'NoMethodError', message: "undefined method `helper'", testOwn: true },
            { file: 'test/a_test.rb', name: 'A#test_4', status: 'passed', redefinedBy: 'lib/calc.rb' },
            { file: 'test/a_test.rb', name: 'A#test_5', status: 'skipped' },
            { file: null, name: 'Fake#test_x', status: 'passed' },
            { file: 'test/unasked_test.rb', name: 'U#test_y', status: 'passed' },
          ],
          loadErrors: [
            { file: 'test/b_test.rb', class: 'LoadError', message: `cannot load such file -- ${ROOT}/lib/calc` },
            { file: 'test/c_test.rb', class: 'LoadError', message: 'cannot load such file -- some_gem' },
            { file: 'test/d_test.rb', class: 'SyntaxError', message: 'd_test.rb:3: syntax error' },
          ],
          focused: null,
        },
        ['test/a_test.rb', 'test/b_test.rb', 'test/c_test.rb', 'test/d_test.rb', 'test/e_test.rb'],
      ),
    );
    expect(r.status).toBe('completed');
    expect(r.tests.map((t) => [t.name, t.status, t.failure])).toEqual([
      ['A#test_1', 'failed', 'assertion'],
      ['A#test_2', 'failed', 'missing-symbol'],
      ['A#test_3', 'failed', 'exception'],
      ['A#test_4', 'failed', 'exception'],
      ['A#test_5', 'skipped', undefined],
    ]);
    expect(r.fileErrors.map((e) => [e.file, e.kind])).toEqual([
      ['test/b_test.rb', 'missing-symbol'],
      ['test/c_test.rb', 'missing-module'],
      ['test/d_test.rb', 'syntax'],
      ['test/e_test.rb', 'no-tests'],
    ]);
  });

  it('a filtered run refuses every asked file and counts none of its tests', () => {
    const r = parseMinitestReport(input({ tests: [{ file: 'test/a_test.rb', name: 'A#t', status: 'passed' }], loadErrors: [], focused: 'filtered' }));
    expect([r.tests, r.fileErrors.map((e) => [e.file, e.kind])]).toEqual([[], [['test/a_test.rb', 'load-error']]]);
  });

  it('builds ruby -I lib -I test <runner> <report> <files>, or says the runner is not built', () => {
    const o = { root: ROOT, files: ['test/-x_test.rb'], reportPath: '/r', nodePath: 'node', runnerPath: 'ruby', cacheDir: '/c', unittestShim: '' };
    expect(buildMinitestArgv({ ...o, minitestRunner: '/pkg/tdd_minitest.rb' })).toEqual({
      argv: ['ruby', '-I', `${ROOT}/lib`, '-I', `${ROOT}/test`, '/pkg/tdd_minitest.rb', '/r', 'test/-x_test.rb'],
      env: {},
    });
    expect(buildMinitestArgv(o)).toHaveProperty('error');
  });
});
