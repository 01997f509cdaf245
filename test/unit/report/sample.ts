/** A literal history and event log for the report's unit tests: two tasks, a refusal, an off commit, a docs commit. */
import type { HistoryCommit } from '../../../src/audit/history.js';
import { DEFAULTS } from '../../../src/config/schema.js';
import { makeClassifier } from '../../../src/snapshot/classify.js';

export const T0 = Date.parse('2025-05-02T14:00:00Z') / 1000;
const sha = (c: string) => c.repeat(40);
const A = (path: string) => ({ path, status: 'A' as const, oldMode: '000000', newMode: '100644', oldBlob: '0'.repeat(40), newBlob: 'e'.repeat(40) });
export const M = (path: string) => ({ ...A(path), status: 'M' as const, oldMode: '100644', oldBlob: 'd'.repeat(40) });

export function commit(
  c: string,
  minutes: number,
  subject: string,
  trailers: Record<string, string>,
  changes = [M('src/a.js')],
  parents = [sha('0')],
): HistoryCommit {
  const trailerText = Object.entries(trailers)
    .map(([k, v]) => `${k}: ${v}\n`)
    .join('');
  return {
    sha: sha(c),
    parents,
    time: T0 + minutes * 60,
    subject,
    trailerText,
    trailers: {
      commit: sha(c),
      ...(trailers['TDD-Phase'] ? { phase: trailers['TDD-Phase'] as 'red' } : {}),
      ...(trailers['TDD-Task'] ? { task: trailers['TDD-Task'] } : {}),
      ...(trailers['TDD-Evidence'] ? { evidence: trailers['TDD-Evidence'] } : {}),
      ...(trailers['TDD-Reason'] ? { reason: trailers['TDD-Reason'] } : {}),
      regression: trailers['TDD-Regression'] === 'true',
    },
    changes,
  };
}

/** Oldest first here; `HISTORY` is newest first, as readHistory returns it. */
const OLDEST_FIRST: HistoryCommit[] = [
  commit('1', 0, 'chore: skeleton', { 'TDD-Phase': 'off', 'TDD-Reason': 'skeleton' }, [A('package.json')], []),
  commit(
    '2',
    4,
    'test: parser rejects <script>alert(1)</script>',
    {
      'TDD-Phase': 'red',
      'TDD-Task': 'T1',
      'TDD-Evidence': 'node: 0 passed, 2 failed (assertion 1, missing-symbol 1)',
      'TDD-Attempts': 'red 1/2, green 0/3, elapsed 6m/30m',
    },
    [A('test/parser.test.js')],
  ),
  commit(
    '3',
    10,
    'feat: parser',
    { 'TDD-Phase': 'green', 'TDD-Task': 'T1', 'TDD-Evidence': 'node: 2 passed, 0 failed', 'TDD-Attempts': 'red 1/2, green 2/3, elapsed 12m/30m' },
    [A('src/parser.js')],
  ),
  commit('4', 12, 'refactor: tokenizer', { 'TDD-Phase': 'refactor', 'TDD-Task': 'T1', 'TDD-Evidence': 'node: 2 passed, 0 failed' }),
  commit('5', 13, 'docs: readme', {}, [M('README.md')]),
  commit('6', 20, 'test: old behaviour', { 'TDD-Phase': 'red', 'TDD-Task': 'T2', 'TDD-Regression': 'true', 'TDD-Evidence': 'node: 3 passed, 0 failed' }, [
    A('test/old.test.js'),
  ]),
  commit('7', 30, 'test: T1 again', { 'TDD-Phase': 'red', 'TDD-Task': 'T1', 'TDD-Evidence': 'node: 1 passed, 1 failed (assertion 1)' }, [
    M('test/parser.test.js'),
  ]),
  commit('8', 35, 'feat: T1 again', {
    'TDD-Phase': 'green',
    'TDD-Task': 'T1',
    'TDD-Evidence': 'node: 2 passed, 1 failed (exception 1)',
    'TDD-False-Fail': 'cds: command not found',
  }),
];
export const HISTORY = [...OLDEST_FIRST].reverse();
export const SHA = sha;

const at = (minutes: number, seconds = 0) => new Date((T0 + minutes * 60 + seconds) * 1000).toISOString();
/** The event log: a refused GREEN attempt of T1 between its RED and GREEN, and the commit lines. */
export const EVENTS = [
  { at: at(-10), event: 'commit', commit: sha('9'), phase: 'red', task: 'T0' },
  { at: at(-9), event: 'pre-commit', phase: 'red', task: 'T0', exitCode: 1, codes: ['RED_TESTS_PASS'] },
  { at: at(-8), event: 'commit', commit: sha('a'), phase: 'red', task: 'T0' },
  { at: at(0), event: 'commit', commit: sha('1'), phase: 'off', task: null },
  { at: at(1), event: 'phase', from: 'off', to: 'red', task: 'T1' },
  { at: at(2), event: 'pre-commit', phase: 'red', task: 'T1', exitCode: 1, codes: ['RED_WRONG_REASON'], testMs: 800 },
  { at: at(4), event: 'pre-commit', phase: 'red', task: 'T1', exitCode: 1, codes: [] },
  { at: at(4, 1), event: 'pre-commit', phase: 'red', task: 'T1', exitCode: 0, codes: [], testMs: 640 },
  { at: at(4, 2), event: 'commit', commit: sha('2'), phase: 'red', task: 'T1' },
  // A warning printed beside the refusal (CONFIG_PENDING) did not refuse it.
  {
    at: at(7),
    event: 'pre-commit',
    phase: 'green',
    task: 'T1',
    exitCode: 1,
    codes: ['CONFIG_PENDING', 'TESTS_CHANGED'],
    findings: [
      { code: 'CONFIG_PENDING', severity: 'warn', path: '.tddrc.json', what: '.tddrc.json changed in the index' },
      { code: 'TESTS_CHANGED', severity: 'error', path: 'test/parser.test.js', what: 'test/parser.test.js (test) is edited by this commit' },
    ],
  },
  { at: at(10), event: 'commit', commit: sha('3'), phase: 'green', task: 'T1' },
  { at: at(12), event: 'commit', commit: sha('4'), phase: 'refactor', task: 'T1' },
  { at: at(19), event: 'phase', from: 'refactor', to: 'red', task: 'T2' },
  { at: at(20), event: 'commit', commit: sha('6'), phase: 'red', task: 'T2' },
  { at: at(30), event: 'commit', commit: sha('7'), phase: 'red', task: 'T1' },
  { at: at(35), event: 'commit', commit: sha('8'), phase: 'green', task: 'T1' },
  { at: at(40), event: 'pre-commit', phase: 'refactor', task: 'T1', exitCode: 3, codes: ['RUN_UNVERIFIED'] },
];
export const EVENT_TEXT = EVENTS.map((e) => JSON.stringify(e)).join('\n') + '\n{"at": "cut short\n';

/** The default configuration's test and ignore rules, as `tdd report` passes the project's. */
const classify = makeClassifier(DEFAULTS);
export const DEFAULT_RULES = { isTestPath: (p: string) => classify(p) === 'test', isIgnoredPath: (p: string) => classify(p) === 'ignored' };
