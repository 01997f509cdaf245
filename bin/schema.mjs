// Writes schema/tddrc.schema.json and .tddrc.example.json from the defaults in src/config/schema.ts
// (not published). Run after `npm run build`: node bin/schema.mjs; `--check` writes nothing and
// fails (exit 1) when the committed files are not what it would write (test/integration/schema-files.test.ts).
// test/unit/core/schema.test.ts checks the keys and defaults against src/ too.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { DEFAULTS, RUNNERS } = await import(join(root, 'dist/config/schema.js'));
const { ASSERT_NAME_PATTERN } = await import(join(root, 'dist/lang/scan/assert-names.js'));
const { INTEGRITY_CODES } = await import(join(root, 'dist/gates/integrity/rule.js'));

const globs = (description, value) => ({ type: 'array', items: { type: 'string', minLength: 1 }, default: value, description });
const booleans = (object) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, { type: 'boolean', default: v }]));
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://unpkg.com/tdd-hooks/schema/tddrc.schema.json',
  title: 'tdd-hooks configuration (.tddrc.json)',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    $comment: { type: 'string' },
    runner: { enum: [...RUNNERS], default: DEFAULTS.runner, description: 'The test runner. Detected from package.json when absent.' },
    testCommand: {
      type: ['string', 'null'],
      default: DEFAULTS.testCommand,
      description:
        'runner "command": the command that runs every test. {report}: a path where it writes JUnit XML (without it only the exit code counts, and a failing RED cannot be verified). No shell.',
    },
    testTargetedCommand: {
      type: ['string', 'null'],
      default: DEFAULTS.testTargetedCommand,
      description:
        'runner "command": the command for exact test files, e.g. "bundle exec rspec --format RspecJunitFormatter --out {report} {files}" ({files}: one argument per file).',
    },
    runners: {
      type: 'array',
      default: DEFAULTS.runners,
      description:
        'Several runners (a JS front end and a Python service), each owning its test files; replaces runner when non-empty. A commit touching both runs both.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['runner'],
        properties: {
          runner: { enum: [...RUNNERS] },
          tests: {
            type: 'array',
            items: { type: 'string', minLength: 1 },
            description: "Repository-relative globs of this runner's test files (default: its own globs, inside root).",
          },
          root: {
            type: 'string',
            default: '.',
            description: 'The folder it runs in (its package.json, pyproject.toml, go.mod or Cargo.toml), relative to the repository top.',
          },
          testCommand: { type: ['string', 'null'] },
          testTargetedCommand: { type: ['string', 'null'] },
        },
      },
    },
    tests: globs('Globs of test files.', DEFAULTS.tests),
    testSupport: globs(
      'Globs of test support (fixtures, snapshots, helpers, runner config): allowed in RED, frozen in GREEN and REFACTOR.',
      DEFAULTS.testSupport,
    ),
    ignore: globs('Globs of files a commit may touch without a test run (docs, CI config).', DEFAULTS.ignore),
    alwaysAllowed: globs('Paths allowed in every phase; never counted as implementation.', DEFAULTS.alwaysAllowed),
    autoAdvance: { type: 'boolean', default: DEFAULTS.autoAdvance, description: 'Advance red → green → refactor after each verified commit.' },
    refactorRuns: {
      enum: ['related', 'targeted', 'full'],
      default: DEFAULTS.refactorRuns,
      description:
        "REFACTOR runs the task's tests and every test the change can affect (related: the runner's related-tests mode, else the static import graph, else every test file), the task's tests only (targeted), or every test file (full).",
    },
    timeoutSeconds: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 2147483,
      default: DEFAULTS.timeoutSeconds,
      description: 'A test run longer than this is killed; the verdict is "could not verify" (exit 3).',
    },
    isolation: {
      type: 'object',
      additionalProperties: false,
      default: DEFAULTS.isolation,
      properties: {
        link: globs('Folders of the working tree linked (never copied) into the private copy the tests run in.', DEFAULTS.isolation.link),
        build: {
          default: DEFAULTS.isolation.build,
          description:
            "Build products the tests need (a workspace package's dist/), built in the private copy from the staged sources before the tests run: a command (no shell), or {command, inputs} with inputs the globs of the files the build reads (an unchanged set reuses the last build; without inputs, any change of the tree rebuilds). A build that fails refuses the commit with its output. null: nothing is built.",
          oneOf: [
            { type: 'null' },
            { type: 'string', minLength: 1 },
            {
              type: 'object',
              additionalProperties: false,
              required: ['command'],
              properties: { command: { type: 'string', minLength: 1 }, inputs: { type: 'array', items: { type: 'string', minLength: 1 } } },
            },
          ],
        },
      },
    },
    plan: {
      type: ['string', 'null'],
      default: DEFAULTS.plan,
      description: 'The task plan (tasks {id, title, files, tests, deps}); a missing file means no plan.',
    },
    staticChecks: {
      ...globs(
        'Commands run on the staged content after the tests pass in GREEN and REFACTOR, e.g. "tsc --noEmit" or "eslint {files}" ({files}: the changed files, as separate arguments). No shell.',
        DEFAULTS.staticChecks,
      ),
    },
    falseFailPatterns: globs(
      'Regular expressions of failures a tool this machine lacks causes (e.g. "cds: command not found"): GREEN is accepted and recorded as a false-fail when every failure matches one and none is in a file the commit changed.',
      DEFAULTS.falseFailPatterns,
    ),
    assertFunctionNames: {
      type: 'array',
      items: { type: 'string', pattern: ASSERT_NAME_PATTERN.source },
      default: DEFAULTS.assertFunctionNames,
      description:
        'Calls that count as assertions in a RED test file besides the built-in ones and the project\'s own helpers, as eslint-plugin-jest\'s expect-expect names them: "ruleTester.run", "runFormatTest", "request.**.expect" (* matches one segment or part of one, ** any number of segments), "eqnice!" (a Rust macro).',
    },
    attempts: {
      type: 'object',
      additionalProperties: false,
      default: DEFAULTS.attempts,
      description: 'Attempt ceilings per task (tdd attempt).',
      properties: {
        red: { type: 'integer', minimum: 1, default: DEFAULTS.attempts.red },
        green: { type: 'integer', minimum: 1, default: DEFAULTS.attempts.green },
      },
    },
    budgets: {
      type: 'object',
      additionalProperties: false,
      default: DEFAULTS.budgets,
      properties: { perTaskMinutes: { type: 'number', exclusiveMinimum: 0, default: DEFAULTS.budgets.perTaskMinutes } },
    },
    commitMessage: {
      type: 'object',
      additionalProperties: false,
      default: DEFAULTS.commitMessage,
      properties: {
        template: { type: ['string', 'null'], default: null, description: 'e.g. "feat(tdd): task-{id} {title}"' },
        mode: { enum: ['fill', 'enforce'], default: 'enforce' },
      },
    },
    audit: {
      type: 'object',
      additionalProperties: false,
      default: DEFAULTS.audit,
      description: 'What tdd audit fails on besides the invariants (listed, not failed, by default).',
      properties: {
        ...booleans(Object.fromEntries(Object.entries(DEFAULTS.audit).filter(([k]) => k !== 'allowOff'))),
        allowOff: {
          oneOf: [{ type: 'boolean' }, { type: 'integer', minimum: 0 }],
          default: DEFAULTS.audit.allowOff,
          description: "How many off commits a range may hold before tdd audit fails (true: any number). Read from the configuration at the range's base.",
        },
      },
    },
    integrity: {
      type: 'object',
      additionalProperties: false,
      default: DEFAULTS.integrity,
      description: 'The integrity rules on what a GREEN or REFACTOR adds to implementation (README: Integrity rules).',
      properties: {
        allow: {
          type: 'object',
          default: DEFAULTS.integrity.allow,
          description:
            'Integrity code → path globs the rule does not apply to (a test-utilities package that imports vitest in src/). A configuration change: commit it with `tdd phase off --reason`.',
          propertyNames: { enum: [...INTEGRITY_CODES] },
          additionalProperties: { type: 'array', items: { type: 'string', minLength: 1 } },
        },
      },
    },
    greenCoverage: {
      enum: ['warn', 'refuse', 'off'],
      default: DEFAULTS.greenCoverage,
      description:
        "The lines and branches a GREEN adds to implementation that the task's tests never ran (the runner's own coverage): named, recorded in TDD-Uncovered and accepted (warn), refused with GREEN_UNCOVERED_CODE (refuse; a runner that cannot measure is exit 3), or not measured (off).",
    },
    greenRuns: {
      enum: ['related', 'targeted'],
      default: DEFAULTS.greenRuns,
      description:
        "GREEN runs the task's tests and the tests related to the implementation it changes (a test that passed at the parent and fails now is GREEN_BREAKS_TEST), or the task's tests only (targeted).",
    },
    relatedProjects: globs(
      "vitest projects that `vitest related` (REFACTOR's and GREEN's related run) includes although they run in a browser (browser.enabled) or are named e2e/browser: those are left out (--project '!name') unless named here.",
      DEFAULTS.relatedProjects,
    ),
    relatedFileLimit: {
      type: 'integer',
      minimum: 0,
      default: DEFAULTS.relatedFileLimit,
      description:
        "The related set's file budget. GREEN: more related test files chosen by name (the import graph, or every test file of a runner without one) than this are not run, and that is said (GREEN_RELATED_UNRUN, a warning). REFACTOR: more than this chosen by the import graph are not run, and the commit could not be verified (RELATED_OVER_BUDGET, exit 3); every test file of a runner without a graph is its suite, as refactorRuns full runs it. The runner's own related mode (vitest related, jest --findRelatedTests) chooses its set itself: timeoutSeconds bounds that.",
    },
  },
};
const files = {
  'schema/tddrc.schema.json': JSON.stringify(schema, null, 2) + '\n',
  '.tddrc.example.json': JSON.stringify({ $schema: './schema/tddrc.schema.json', ...DEFAULTS }, null, 2) + '\n',
};
if (process.argv.includes('--check')) {
  const stale = Object.entries(files).filter(([path, text]) => readFileSync(join(root, path), 'utf8') !== text);
  for (const [path] of stale) console.error(`${path} is not what bin/schema.mjs writes from src/config/schema.ts: run npm run build && node bin/schema.mjs`);
  process.exit(stale.length ? 1 : 0);
}
for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
