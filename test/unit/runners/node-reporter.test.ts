import { describe, expect, it } from 'vitest';
import nodeJsonReporter from '../../../src/runners/node-reporter.js';

/** node's wrapper around what a test threw (ERR_TEST_FAILURE), as Node 20 builds it. */
function testFailure(cause: unknown, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error('wrapped', { cause }), { code: 'ERR_TEST_FAILURE', failureType: 'testCodeFailure', ...extra });
}

async function collect(events: unknown[]): Promise<unknown[]> {
  async function* source() {
    yield* events;
  }
  const out: unknown[] = [];
  for await (const chunk of nodeJsonReporter(source() as never)) out.push(JSON.parse(chunk));
  return out;
}

const F = '/s/test/a.test.js';

describe('node-reporter', () => {
  it('keeps what the parser needs, one JSON object per line, and ends with an end line', async () => {
    const assertion = Object.assign(new Error('2 !== 3'), { name: 'AssertionError', code: 'ERR_ASSERTION' });
    const lines = await collect([
      { type: 'test:enqueue', data: { file: F, name: 'adds', nesting: 0 } },
      { type: 'test:start', data: { file: F, name: 'adds', nesting: 0, line: 3 } },
      { type: 'test:fail', data: { file: F, name: 'adds', nesting: 0, testNumber: 1, details: { duration_ms: 1, error: testFailure(assertion) } } },
      { type: 'test:pass', data: { file: F, name: 'later', nesting: 0, skip: true, details: { duration_ms: 0 } } },
      { type: 'test:pass', data: { file: F, name: 'someday', nesting: 0, todo: 'not yet', details: { duration_ms: 0 } } },
      {
        type: 'test:fail',
        data: { file: F, name: 'd', nesting: 0, details: { type: 'suite', error: testFailure('1 subtest failed', { failureType: 'subtestsFailed' }) } },
      },
      { type: 'test:stderr', data: { file: F, message: "SyntaxError: Unexpected token ')'\n" } },
      {
        type: 'test:complete',
        data: { file: F, name: F, nesting: 0, details: { passed: false, error: testFailure('test failed', { exitCode: 1, signal: null }) } },
      },
      { type: 'test:complete', data: { file: F, name: 'adds', nesting: 0, details: { passed: false } } },
      { type: 'test:stdout', data: { file: F, message: 'console.log output\n' } },
      { type: 'test:diagnostic', data: { nesting: 0, message: 'tests 3' } },
    ]);
    expect(lines).toEqual([
      { t: 'start', file: F, name: 'adds', nesting: 0 },
      {
        t: 'fail',
        file: F,
        name: 'adds',
        nesting: 0,
        error: { message: '2 !== 3', failureType: 'testCodeFailure', name: 'AssertionError', code: 'ERR_ASSERTION' },
      },
      { t: 'pass', file: F, name: 'later', nesting: 0, skip: true },
      { t: 'pass', file: F, name: 'someday', nesting: 0, todo: true },
      { t: 'fail', file: F, name: 'd', nesting: 0, suite: true, error: { message: '1 subtest failed', failureType: 'subtestsFailed' } },
      { t: 'stderr', file: F, text: "SyntaxError: Unexpected token ')'\n" },
      { t: 'file', file: F, passed: false, exitCode: 1 },
      { t: 'diagnostic', message: 'tests 3' },
      { t: 'end' },
    ]);
  });

  it('a thrown string is its own message', async () => {
    const lines = await collect([{ type: 'test:fail', data: { file: F, name: 'x', nesting: 0, details: { error: testFailure('a string') } } }]);
    expect(lines[0]).toMatchObject({ error: { message: 'a string' } });
  });
});
