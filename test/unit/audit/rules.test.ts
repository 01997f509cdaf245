/** The audit's rules over literal histories: what each history shows → codes (never wording). */
import { describe, expect, it } from 'vitest';
import { AUDIT_DEFAULTS, type AuditOptions } from '../../../src/audit/types.js';
import { ALLOW_SKELETON, audit, codes, GREEN, IMPL, oid, RED, REFACTOR, sha, SKELETON, TEST, type Literal } from './literal.js';

const HONEST: Literal[] = [SKELETON, RED, GREEN, REFACTOR];
const EDITED = TEST('adds', 'assert.ok(true);');
const PKG = '{"name":"p","type":"module","scripts":{"test":"node --test"}}\n';

describe('an honest history', () => {
  it('audits clean; the off commit is listed, not failed', () => {
    expect(codes(HONEST)).toEqual([]);
    expect(codes(HONEST, { all: true })).toEqual(['skeleton AUDIT_OFF']);
    expect(audit(HONEST).counts).toMatchObject({ commits: 4, off: 1, red: 1, green: 1, refactor: 1 });
  });

  it('plans a replay of RED (its test files), GREEN and REFACTOR (the RED record)', () => {
    expect(audit(HONEST).plans.map((p) => [p.phase, p.files, p.reds.length])).toEqual([
      ['red', ['test/math.test.js'], 0],
      ['green', ['test/math.test.js'], 1],
      ['refactor', ['test/math.test.js'], 1],
    ]);
  });

  it('two RED commits in a row freeze both sets of tests until GREEN', () => {
    const red2: Literal = { name: 'red2', trailers: 'TDD-Phase: red\nTDD-Task: 1', changes: [['test/more.test.js', null, TEST('more')]] };
    const green: Literal = {
      ...GREEN,
      changes: [
        ['src/math.js', null, IMPL],
        ['test/math.test.js', TEST(), EDITED],
      ],
    };
    expect(codes([SKELETON, RED, red2, green])).toEqual(['green AUDIT_FROZEN_TEST_CHANGED test/math.test.js']);
    expect(audit([SKELETON, RED, red2, GREEN]).plans[2]!.files).toEqual(['test/math.test.js', 'test/more.test.js']);
  });
});

describe('commits without trailers', () => {
  it.each<[string, Literal, string[]]>([
    ['implementation', { name: 'c', changes: [['src/a.js', null, 'x']] }, ['c AUDIT_NO_TRAILERS src/a.js']],
    ['a test', { name: 'c', changes: [['test/a.test.js', null, TEST()]] }, ['c AUDIT_NO_TRAILERS test/a.test.js']],
    ['package.json only, before any task (the setup commit)', { name: 'c', changes: [['package.json', PKG, PKG.replace('"p"', '"q"')]] }, []],
    [
      'docs only',
      {
        name: 'c',
        changes: [
          ['README.md', null, '# p\n'],
          ['docs/a.md', null, 'a'],
        ],
      },
      [],
    ],
    ['nothing (empty)', { name: 'c' }, []],
  ])('%s', (_, commit, expected) => {
    expect(codes([SKELETON, commit])).toEqual(expected);
  });

  it('package.json only, once a task has begun: made past the hooks', () => {
    const pkg: Literal = { name: 'c', changes: [['package.json', PKG, PKG.replace('"p"', '"q"')]] };
    expect(codes([SKELETON, RED, pkg])).toEqual(['c AUDIT_NO_TRAILERS package.json']);
  });

  it('a commit past the hooks that edits the open RED tests is also a frozen-test change (once)', () => {
    const bypass: Literal = {
      name: 'bypass',
      changes: [
        ['test/math.test.js', TEST(), EDITED],
        ['src/math.js', null, IMPL],
      ],
    };
    expect(codes([SKELETON, RED, bypass, { ...REFACTOR, name: 'r2' }])).toEqual([
      'bypass AUDIT_NO_TRAILERS test/math.test.js',
      'bypass AUDIT_FROZEN_TEST_CHANGED test/math.test.js',
    ]);
  });

  it('a trailer of an unknown phase is no trailer', () => {
    expect(codes([SKELETON, { name: 'c', trailers: 'TDD-Phase: blue', changes: [['src/a.js', null, 'x']] }])).toEqual(['c AUDIT_NO_TRAILERS src/a.js']);
  });
});

describe('RED', () => {
  it.each<[string, Literal, string[]]>([
    [
      'implementation',
      {
        ...RED,
        changes: [
          ['test/math.test.js', null, TEST()],
          ['src/math.js', null, IMPL],
        ],
      },
      ['red AUDIT_RED_TOUCHES_IMPL src/math.js'],
    ],
    ['no test file', { ...RED, changes: [['test/fixtures/a.json', null, '{}']] }, ['red AUDIT_RED_WITHOUT_TESTS']],
    [
      'the tdd-hooks configuration',
      {
        ...RED,
        changes: [
          ['test/math.test.js', null, TEST()],
          ['.tddrc.json', null, '{ "ignore": ["src/**"] }\n'],
        ],
      },
      ['red AUDIT_RED_CHANGES_CONFIG .tddrc.json'],
    ],
    [
      'a test without assertion',
      { ...RED, changes: [['test/a.test.js', null, "import { test } from 'node:test';\ntest('x', () => {});\n"]] },
      ['red AUDIT_ASSERTION_MISSING test/a.test.js'],
    ],
    [
      'a print-only test',
      { ...RED, changes: [['test/a.test.js', null, "import { test } from 'node:test';\ntest('x', () => { console.log(1); });\n"]] },
      ['red AUDIT_ASSERTION_MISSING test/a.test.js'],
    ],
    ['a focus marker', { ...RED, changes: [['test/a.test.js', null, TEST().replace('test(', 'test.only(')]] }, ['red AUDIT_MARKER_ADDED test/a.test.js']],
    ['a skip marker', { ...RED, changes: [['test/a.test.js', null, TEST().replace('test(', 'test.skip(')]] }, ['red AUDIT_MARKER_ADDED test/a.test.js']],
    [
      'tests, fixtures, a manifest and docs',
      {
        ...RED,
        changes: [
          ['test/math.test.js', null, TEST()],
          ['test/fixtures/a.json', null, '{}'],
          ['package.json', PKG, PKG.replace('"p"', '"q"')],
          ['README.md', null, 'x'],
        ],
      },
      [],
    ],
  ])('%s', (_, red, expected) => {
    expect(codes([SKELETON, red])).toEqual(expected);
  });

  it('a later RED may improve the open tests, not delete them', () => {
    const improve: Literal = {
      name: 'improve',
      trailers: 'TDD-Phase: red\nTDD-Task: 1',
      changes: [['test/math.test.js', TEST(), TEST('adds', 'assert.equal(add(1, 1), 2);')]],
    };
    expect(codes([SKELETON, RED, improve, GREEN])).toEqual([]);
    const drop: Literal = {
      name: 'drop',
      trailers: 'TDD-Phase: red\nTDD-Task: 1',
      changes: [
        ['test/math.test.js', TEST(), null],
        ['test/b.test.js', null, TEST('b')],
      ],
    };
    expect(codes([SKELETON, RED, drop, GREEN])).toEqual(['drop AUDIT_RED_TEST_REMOVED test/math.test.js']);
  });

  it('regression tests are listed; audit.failOnRegression fails them', () => {
    const regression: Literal = { ...RED, trailers: 'TDD-Phase: red\nTDD-Task: 1\nTDD-Regression: true' };
    expect(
      codes([SKELETON, regression, { ...REFACTOR, changes: [['src/index.js', 'export const v = 1;\n', 'export const v = 2;\n']] }], { all: true }),
    ).toEqual(['skeleton AUDIT_OFF', 'red AUDIT_REGRESSION']);
    expect(codes([SKELETON, regression], { options: { ...ALLOW_SKELETON, failOnRegression: true } })).toEqual(['red AUDIT_REGRESSION']);
  });
});

describe('GREEN and REFACTOR', () => {
  it.each<[string, Literal[], string[]]>([
    [
      'GREEN edits the test',
      [
        {
          ...GREEN,
          changes: [
            ['src/math.js', null, IMPL],
            ['test/math.test.js', TEST(), EDITED],
          ],
        },
      ],
      ['green AUDIT_FROZEN_TEST_CHANGED test/math.test.js'],
    ],
    [
      'GREEN deletes it',
      [
        {
          ...GREEN,
          changes: [
            ['src/math.js', null, IMPL],
            ['test/math.test.js', TEST(), null],
          ],
        },
      ],
      ['green AUDIT_FROZEN_TEST_CHANGED test/math.test.js'],
    ],
    [
      'GREEN changes its mode',
      [
        {
          ...GREEN,
          changes: [
            ['src/math.js', null, IMPL],
            ['test/math.test.js', TEST(), TEST(), { mode: '100755' }],
          ],
        },
      ],
      ['green AUDIT_FROZEN_TEST_CHANGED test/math.test.js'],
    ],
    [
      'GREEN adds a test',
      [
        {
          ...GREEN,
          changes: [
            ['src/math.js', null, IMPL],
            ['test/new.test.js', null, TEST('n')],
          ],
        },
      ],
      ['green AUDIT_FROZEN_TEST_CHANGED test/new.test.js'],
    ],
    [
      'GREEN edits test support',
      [
        {
          ...GREEN,
          changes: [
            ['src/math.js', null, IMPL],
            ['test/helpers/h.js', null, 'x'],
          ],
        },
      ],
      ['green AUDIT_FROZEN_TEST_CHANGED test/helpers/h.js'],
    ],
    [
      'GREEN edits the configuration',
      [
        {
          ...GREEN,
          changes: [
            ['src/math.js', null, IMPL],
            ['.tddrc.json', null, '{}'],
          ],
        },
      ],
      ['green AUDIT_FROZEN_TEST_CHANGED .tddrc.json'],
    ],
    [
      'GREEN changes the test script',
      [
        {
          ...GREEN,
          changes: [
            ['src/math.js', null, IMPL],
            ['package.json', PKG, PKG.replace('node --test', 'true')],
          ],
        },
      ],
      ['green AUDIT_TEST_CONFIG_CHANGED package.json'],
    ],
    [
      'GREEN changes a dependency (fine)',
      [
        {
          ...GREEN,
          changes: [
            ['src/math.js', null, IMPL],
            ['package.json', PKG, PKG.replace('}}', '},"dependencies":{"x":"1"}}')],
          ],
        },
      ],
      [],
    ],
    [
      'GREEN adds a skip marker',
      [
        {
          ...GREEN,
          changes: [
            ['src/math.js', null, IMPL],
            ['test/math.test.js', TEST(), TEST().replace('test(', 'test.skip(')],
          ],
        },
      ],
      ['green AUDIT_FROZEN_TEST_CHANGED test/math.test.js', 'green AUDIT_MARKER_ADDED test/math.test.js'],
    ],
    [
      'a forged REFACTOR edits the test',
      [GREEN, { ...REFACTOR, changes: [['test/math.test.js', TEST(), EDITED]] }],
      ['refactor AUDIT_FROZEN_TEST_CHANGED test/math.test.js'],
    ],
    ['a second GREEN without a new RED', [GREEN, { ...GREEN, name: 'green2', changes: [['src/b.js', null, 'x']] }], ['green2 AUDIT_GREEN_WITHOUT_RED']],
    ['GREEN of another task', [{ ...GREEN, trailers: 'TDD-Phase: green\nTDD-Task: 2' }], ['green AUDIT_GREEN_WITHOUT_RED']],
  ])('%s', (_, after, expected) => {
    expect(codes([SKELETON, RED, ...after])).toEqual(expected);
  });

  it('GREEN with no RED at all', () => {
    expect(codes([SKELETON, GREEN])).toEqual(['green AUDIT_GREEN_WITHOUT_RED']);
  });

  it('an off commit that edits the RED tests is named at the GREEN that finds them changed', () => {
    const off: Literal = { name: 'off', trailers: 'TDD-Phase: off\nTDD-Reason: x', changes: [['test/math.test.js', TEST(), EDITED]] };
    const evaluation = audit([SKELETON, RED, off, GREEN]);
    const frozen = evaluation.findings.filter((f) => f.severity === 'error');
    expect(frozen.map((f) => [f.code, f.commit, f.data?.by])).toEqual([['AUDIT_FROZEN_TEST_CHANGED', sha('green'), sha('off')]]);
    // Reported once: a REFACTOR after it does not repeat it.
    expect(codes([SKELETON, RED, off, GREEN, REFACTOR])).toEqual(['green AUDIT_FROZEN_TEST_CHANGED test/math.test.js']);
  });

  it('a false-fail is listed; audit.failOnFalseFail fails it', () => {
    const ff: Literal = { ...GREEN, trailers: 'TDD-Phase: green\nTDD-Task: 1\nTDD-False-Fail: cds: command not found' };
    expect(codes([SKELETON, RED, ff], { all: true })).toEqual(['skeleton AUDIT_OFF', 'green AUDIT_FALSE_FAIL']);
    expect(codes([SKELETON, RED, ff], { options: { ...ALLOW_SKELETON, failOnFalseFail: true } })).toEqual(['green AUDIT_FALSE_FAIL']);
  });

  it('off commits fail with audit.failOnOff', () => {
    expect(codes(HONEST, { options: { ...AUDIT_DEFAULTS, failOnOff: true } })).toEqual(['skeleton AUDIT_OFF']);
  });

  // skeleton(off) ─ red ─ off2 ─ green ─ off3: the policy at the base says how many off commits pass.
  const OFF = (name: string): Literal => ({ name, trailers: 'TDD-Phase: off\nTDD-Reason: ci', changes: [['ci.sh', null, `echo ${name}\n`]] });
  it.each<[string, number | boolean, string[]]>([
    ['the default (0): every off commit fails', AUDIT_DEFAULTS.allowOff, ['skeleton AUDIT_OFF', 'off2 AUDIT_OFF', 'off3 AUDIT_OFF']],
    ['allowOff false: every one fails', false, ['skeleton AUDIT_OFF', 'off2 AUDIT_OFF', 'off3 AUDIT_OFF']],
    ['allowOff 1: the first passes, the later fail', 1, ['off2 AUDIT_OFF', 'off3 AUDIT_OFF']],
    ['allowOff 2', 2, ['off3 AUDIT_OFF']],
    ['allowOff 3: all three pass', 3, []],
    ['allowOff true: any number', true, []],
  ])('%s', (_, allowOff, expected) => {
    const history = [SKELETON, RED, OFF('off2'), GREEN, OFF('off3')];
    expect(codes(history, { options: { ...AUDIT_DEFAULTS, allowOff } })).toEqual(expected);
    expect(codes(history, { options: { ...AUDIT_DEFAULTS, allowOff }, all: true }).filter((c) => c.endsWith('AUDIT_OFF'))).toHaveLength(3);
  });
});

describe('lines of history', () => {
  // skeleton ─ red ─ green              (main)
  //         └─ side-green               (forked before red: its GREEN has no RED)
  it('a GREEN cherry-picked onto a line without its RED has none', () => {
    const side: Literal = { ...GREEN, name: 'side-green', parents: ['skeleton'] };
    expect(codes([SKELETON, RED, GREEN, side])).toEqual(['side-green AUDIT_GREEN_WITHOUT_RED']);
  });

  it('a merge is not a TDD step: its side commits are judged one by one, its own changes listed', () => {
    const side: Literal[] = [
      { ...RED, name: 'side-red', parents: ['skeleton'] },
      { ...GREEN, name: 'side-green' },
    ];
    const main: Literal = { name: 'docs', parents: ['skeleton'], changes: [['README.md', null, 'x']] };
    const merge: Literal = {
      name: 'merge',
      parents: ['docs', 'side-green'],
      changes: [
        ['test/math.test.js', null, TEST()],
        ['src/math.js', null, IMPL],
      ],
    };
    expect(codes([SKELETON, ...side, main, merge])).toEqual([]);
    const own = new Map([
      [sha('merge'), [{ path: 'src/math.js', status: 'M' as const, oldMode: '100644', newMode: '100644', oldBlob: oid(IMPL), newBlob: oid('evil') }]],
    ]);
    expect(codes([SKELETON, ...side, main, merge], { all: true, mergeOwn: own })).toEqual(['skeleton AUDIT_OFF', 'merge AUDIT_MERGE_CHANGES src/math.js']);
    expect(codes([SKELETON, ...side, main, merge], { mergeOwn: own, options: { ...ALLOW_SKELETON, failOnMergeChanges: true } })).toEqual([
      'merge AUDIT_MERGE_CHANGES src/math.js',
    ]);
    // After the merge, the side branch's RED record is known: its REFACTOR is judged by it.
    const refactor: Literal = { ...REFACTOR, parents: ['merge'], changes: [['test/math.test.js', TEST(), EDITED]] };
    expect(codes([SKELETON, ...side, main, merge, refactor])).toEqual(['refactor AUDIT_FROZEN_TEST_CHANGED test/math.test.js']);
  });

  it('a shallow clone: the cut commit is not judged, and a GREEN whose RED may lie beyond the cut is unverifiable', () => {
    const cutAt = new Set([sha('skeleton')]);
    const result = audit([{ ...SKELETON, trailers: '' }, GREEN], { cut: cutAt });
    expect(result.findings.map((f) => [f.code, f.data?.reason])).toEqual([
      ['AUDIT_SHALLOW', 'cut'],
      ['AUDIT_SHALLOW', 'red-beyond-cut'],
    ]);
    expect(result.counts.cut).toBe(1);
  });

  it('a GREEN whose task has no RED in what was read, on a line that leaves it, asks for a look back', () => {
    const green: Literal = { ...GREEN, parents: ['base'] };
    expect(audit([green]).needsLookback).toBe(true);
    expect(audit([SKELETON, RED, GREEN]).needsLookback).toBe(false);
    // A commit past the hooks that changes tests needs the line's last TDD step; a docs commit does not.
    expect(audit([{ name: 'c', parents: ['base'], changes: [['test/a.test.js', 'a', 'b']] }]).needsLookback).toBe(true);
    // Judged by the defaults (no configuration at its parent): whether it came before tdd-hooks is known only further back.
    expect(audit([{ name: 'c', parents: ['base'], changes: [['src/a.js', 'a', 'b']] }]).needsLookback).toBe(true);
  });
});

describe('the rules a commit is judged by', () => {
  const ignoreSrc = JSON.stringify({ ignore: ['src/**'] });
  it('are its parent’s: a commit cannot loosen its own rules', () => {
    const loosen: Literal = {
      name: 'loosen',
      changes: [
        ['.tddrc.json', null, ignoreSrc],
        ['src/a.js', null, 'x'],
      ],
    };
    expect(codes([SKELETON, loosen])).toEqual(['loosen AUDIT_NO_TRAILERS .tddrc.json']);
    const after: Literal = { name: 'after', changes: [['src/b.js', null, 'y']] };
    // From the next commit on, the committed rules apply: src/** is ignored.
    expect(codes([SKELETON, { ...loosen, trailers: 'TDD-Phase: off\nTDD-Reason: rules' }, after])).toEqual([]);
  });

  it('a malformed configuration that entered the history is reported where it entered', () => {
    const broken: Literal = { name: 'broken', trailers: 'TDD-Phase: off\nTDD-Reason: x', changes: [['.tddrc.json', null, '{ "runner": "karma" }']] };
    expect(codes([SKELETON, broken, { name: 'c', changes: [['src/a.js', null, 'x']] }])).toEqual([
      'broken AUDIT_CONFIG_INVALID .tddrc.json',
      'c AUDIT_NO_TRAILERS src/a.js',
    ]);
  });

  it('package.json#tdd counts when there is no .tddrc.json', () => {
    const pkg = JSON.stringify({ name: 'p', tdd: { ignore: ['lib/**'] } });
    const set: Literal = { name: 'set', trailers: 'TDD-Phase: off\nTDD-Reason: x', changes: [['package.json', PKG, pkg]] };
    expect(codes([SKELETON, set, { name: 'c', changes: [['lib/a.js', null, 'x']] }])).toEqual([]);
  });
});

describe('snapshots of the RED tests', () => {
  const SNAP = 'test/__snapshots__/math.test.js.snap';
  const HEAD = '// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html\n\n';
  const one = `${HEAD}exports[\`adds 1\`] = \`5\`;\n`;
  const two = `${one}\nexports[\`adds 2\`] = \`7\`;\n`;
  const green: Literal = { ...GREEN, changes: [...GREEN.changes!, [SNAP, null, one]] };

  it('GREEN may add the snapshot file, REFACTOR an entry: clean', () => {
    const refactor: Literal = { ...REFACTOR, changes: [...REFACTOR.changes!, [SNAP, one, two]] };
    expect(codes([SKELETON, RED, green, refactor])).toEqual([]);
  });

  it('a REFACTOR that rewrites or removes an entry is a frozen-test change', () => {
    expect(codes([SKELETON, RED, green, { ...REFACTOR, changes: [[SNAP, one, one.replace('`5`', '`6`')]] }])).toEqual([
      'refactor AUDIT_FROZEN_TEST_CHANGED test/__snapshots__/math.test.js.snap',
    ]);
    expect(codes([SKELETON, RED, green, { ...REFACTOR, changes: [[SNAP, one, null]] }])).toEqual([
      'refactor AUDIT_FROZEN_TEST_CHANGED test/__snapshots__/math.test.js.snap',
    ]);
  });

  it("another test file's snapshot is no snapshot of the task's RED tests", () => {
    expect(codes([SKELETON, RED, { ...GREEN, changes: [...GREEN.changes!, ['test/__snapshots__/other.test.js.snap', null, one]] }])).toEqual([
      'green AUDIT_FROZEN_TEST_CHANGED test/__snapshots__/other.test.js.snap',
    ]);
  });
});

describe('RED adds; it does not take away', () => {
  const OLD = TEST();
  const BESIDE = OLD.replace('});\n', "});\n\ntest('adds negatives', () => {\n  assert.equal(add(-2, -3), -5);\n});\n");
  const WEAKENED = BESIDE.replace('assert.equal(add(2, 3), 5);', 'assert.ok(add(2, 3));');
  const red2 = (after: string, trailers = ''): Literal => ({
    name: 'red2',
    trailers: `TDD-Phase: red\nTDD-Task: 2${trailers}`,
    changes: [['test/math.test.js', OLD, after]],
  });
  it.each<[string, Literal[], string[]]>([
    ['a RED that adds a test beside the old one', [red2(BESIDE)], []],
    ['a RED that weakens the old test', [red2(WEAKENED)], ['red2 AUDIT_RED_CHANGES_PASSING_TEST test/math.test.js']],
    ['a RED that renames the old test away', [red2(BESIDE.replace("test('adds',", "test('sums',"))], ['red2 AUDIT_RED_CHANGES_PASSING_TEST test/math.test.js']],
    [
      'a RED that deletes the old test file',
      [
        {
          name: 'red2',
          trailers: 'TDD-Phase: red\nTDD-Task: 2',
          changes: [
            ['test/math.test.js', OLD, null],
            ['test/neg.test.js', null, TEST('neg')],
          ],
        },
      ],
      ['red2 AUDIT_RED_CHANGES_PASSING_TEST test/math.test.js'],
    ],
    ['a declared revision (TDD-Revise) is listed, not failed', [red2(WEAKENED, '\nTDD-Revise: sums may round')], []],
  ])('%s', (_, after, expected) => {
    expect(codes([SKELETON, RED, GREEN, ...after])).toEqual(expected);
  });

  it('the declared revision is listed with its reason', () => {
    const all = codes([SKELETON, RED, GREEN, red2(WEAKENED, '\nTDD-Revise: sums may round')], { all: true });
    expect(all).toContain('red2 AUDIT_RED_REVISED test/math.test.js');
  });

  it('a second RED of the open record may improve what the first one wrote', () => {
    const first: Literal = { name: 'r1', trailers: 'TDD-Phase: red\nTDD-Task: 2', changes: [['test/math.test.js', OLD, BESIDE]] };
    const improve: Literal = {
      name: 'r2',
      trailers: 'TDD-Phase: red\nTDD-Task: 2',
      changes: [['test/math.test.js', BESIDE, BESIDE.replace('-5);', '-5, "negatives");')]],
    };
    const weaken: Literal = { name: 'r2', trailers: 'TDD-Phase: red\nTDD-Task: 2', changes: [['test/math.test.js', BESIDE, WEAKENED]] };
    expect(codes([SKELETON, RED, GREEN, first, improve])).toEqual([]);
    expect(codes([SKELETON, RED, GREEN, first, weaken])).toEqual(['r2 AUDIT_RED_CHANGES_PASSING_TEST test/math.test.js']);
  });
});

describe('the rules are the base’s, not the commit’s', () => {
  const WIDE = '{ "ignore": ["src/**"] }\n';
  const SUPPORT = '{ "testSupport": ["src/**"] }\n';
  const widen = (trailers: string | undefined, config = WIDE): Literal => ({
    name: 'widen',
    ...(trailers ? { trailers } : {}),
    changes: [['.tddrc.json', null, config]],
  });
  const later: Literal = { name: 'later', changes: [['src/b.js', null, 'export const b = 1;\n']] };
  const OFF = 'TDD-Phase: off\nTDD-Reason: generated';
  it.each<[string, Literal[], Partial<AuditOptions>, string[]]>([
    ['an off commit the policy allows changes the rules: later src/ commits are ignored', [widen(OFF), later], { allowOff: true }, []],
    [
      'an off commit beyond allowOff does not: the later commit is implementation, untested',
      [widen(OFF), later],
      { allowOff: 1 },
      ['widen AUDIT_OFF', 'later AUDIT_NO_TRAILERS src/b.js', 'later AUDIT_RULES_WIDENED src/b.js'],
    ],
    [
      'a commit past the hooks that widens ignore changes nothing',
      [widen(undefined), later],
      { allowOff: true },
      ['later AUDIT_NO_TRAILERS src/b.js', 'later AUDIT_RULES_WIDENED src/b.js'],
    ],
    [
      'testSupport widened the same way',
      [widen(undefined, SUPPORT), later],
      { allowOff: true },
      ['later AUDIT_NO_TRAILERS src/b.js', 'later AUDIT_RULES_WIDENED src/b.js'],
    ],
    [
      'audit.failOnOff: no off commit changes the rules',
      [widen(OFF), later],
      { allowOff: true, failOnOff: true },
      ['skeleton AUDIT_OFF', 'widen AUDIT_OFF', 'later AUDIT_NO_TRAILERS src/b.js', 'later AUDIT_RULES_WIDENED src/b.js'],
    ],
  ])('%s', (_, after, policy, expected) => {
    // skeleton (off) is the first off commit: allowOff 1 allows it and no more.
    expect(codes([SKELETON, ...after], { options: { ...AUDIT_DEFAULTS, ...policy } })).toEqual(expected);
  });

  it('a GREEN that slips its implementation into the widened ignore is judged by the base: implementation', () => {
    const green: Literal = { ...GREEN, changes: [['src/math.js', null, IMPL]] };
    const bypass: Literal = { name: 'bypass', changes: [['.tddrc.json', null, WIDE]] };
    expect(codes([SKELETON, RED, bypass, green])).toEqual(['bypass AUDIT_NO_TRAILERS .tddrc.json', 'green AUDIT_RULES_WIDENED src/math.js']);
  });
});
