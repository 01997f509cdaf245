// Writes schema/tddrc.schema.json and .tddrc.example.json from the defaults in src/config/schema.ts
// (not published). Run after `npm run build`: node bin/schema.mjs. test/unit/core/schema.test.ts
// fails when they drift apart.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { DEFAULTS, RUNNERS } = await import(join(root, 'dist/config/schema.js'));

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
      properties: { link: globs('Folders of the working tree linked (never copied) into the private copy the tests run in.', DEFAULTS.isolation.link) },
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
      properties: booleans(DEFAULTS.audit),
    },
  },
};
writeFileSync(join(root, 'schema/tddrc.schema.json'), JSON.stringify(schema, null, 2) + '\n');
writeFileSync(join(root, '.tddrc.example.json'), JSON.stringify({ $schema: './schema/tddrc.schema.json', ...DEFAULTS }, null, 2) + '\n');
