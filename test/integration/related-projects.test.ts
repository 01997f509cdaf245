/**
 * `vitest related` runs the projects a developer runs locally: an e2e project (here, one whose test
 * needs a browser this machine lacks, as vue's does) is left out of REFACTOR's related run with
 * `--project=!e2e`, unless `relatedProjects` names it. Before, the related run of one shared source
 * ran the e2e test too, and every honest REFACTOR was refused. Real vitest 4, real commits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const CONFIG = `import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/**/*.test.js'] } },
      { test: { name: 'e2e', include: ['e2e/**/*.test.js'] } },
      { test: { name: 'browser-e2e', include: ['browser/**/*.test.js'] } },
    ],
  },
});
`;
const E2E = `import { expect, it } from 'vitest';
import { lower } from '../src/slug.js';

it('renders in a browser', () => {
  expect(lower('A')).toBe('a');
  throw new Error('no browser on this machine');
});
`;
const SLUG_TEST = `import { expect, it } from 'vitest';
import { slugify } from '../src/slug.js';

it('slugifies', () => {
  expect(slugify('A B')).toBe('a-b');
});
`;
const LOWER = 'export const lower = (s) => s.toLowerCase();\n';
const GREEN = `${LOWER}export const slugify = (s) => lower(s).split(' ').join('-');\n`;

let r: Repo;
beforeAll(() => {
  r = makeRepo(
    {
      'package.json': JSON.stringify({ name: 'p', private: true, type: 'module', devDependencies: { vitest: '*' } }) + '\n',
      '.gitignore': 'node_modules\n',
      '.tddrc.json': JSON.stringify({ runner: 'vitest' }) + '\n',
      'vitest.config.mjs': CONFIG,
      'src/slug.js': LOWER,
      'e2e/app.test.js': E2E,
      // Two projects left out: vitest ORs --project filters, so '!e2e' and '!browser-e2e' together left out neither.
      'browser/app.test.js': E2E,
    },
    { linkNodeModules: true },
  );
  expect(r.tdd('install').status).toBe(0);
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  expect(r.commit('skeleton').status).toBe(0);
  r.tdd('phase', 'red', '--task', 'slug');
  r.write({ 'test/slug.test.js': SLUG_TEST });
  r.git('add', 'test/slug.test.js');
  attemptCommit(r, 0);
  r.write({ 'src/slug.js': GREEN });
  r.git('add', 'src/slug.js');
  attemptCommit(r, 0);
  expect(trailersOf(r)['TDD-Phase']).toBe('green');
});
afterAll(() => r?.cleanup());

describe('vitest related leaves out e2e and browser projects', () => {
  it(
    'an honest REFACTOR of the shared source is accepted (the e2e test, failing for want of a browser, is not run); a breaking one is refused',
    { timeout: 120_000 },
    () => {
      r.write({ 'src/slug.js': "export const lower = (s) => s.toLowerCase();\nexport const slugify = (s) => lower(s).replaceAll(' ', '-');\n" });
      r.git('add', 'src/slug.js');
      const broken = r.read('src/slug.js').replace("replaceAll(' ', '-')", "replaceAll(' ', '_')");
      r.write({ 'src/slug.js': broken });
      r.git('add', 'src/slug.js');
      attemptCommit(r, 1, 'GREEN_TESTS_FAIL');
      r.write({ 'src/slug.js': broken.replace("'_'", "'-'") });
      r.git('add', 'src/slug.js');
      const out = attemptCommit(r, 0);
      expect(out).not.toMatch(/e2e\/app\.test\.js/);
      expect(out).not.toMatch(/browser\/app\.test\.js/);
      expect(trailersOf(r)['TDD-Phase']).toBe('refactor');
      expect(trailersOf(r)['TDD-Tests']).toMatch(/vitest related/);
    },
  );

  it(
    'a project behind a string entry (its own configuration file) is read by its literal name: the e2e one left out, the REFACTOR accepted',
    { timeout: 120_000 },
    () => {
      r.write({
        'vitest.config.mjs': CONFIG.replace("      { test: { name: 'e2e', include: ['e2e/**/*.test.js'] } },\n", "      'e2e/vitest.config.mjs',\n"),
        'e2e/vitest.config.mjs':
          "import { defineProject } from 'vitest/config';\nexport default defineProject({ test: { name: 'e2e-app', include: ['**/*.test.js'] } });\n",
      });
      r.git('add', 'vitest.config.mjs', 'e2e/vitest.config.mjs');
      r.tdd('phase', 'off', '--reason', 'the e2e project in its own file');
      expect(r.commit('e2e project file').status).toBe(0);
      r.tdd('phase', 'refactor');
      // Refused before: the string entry's project was not read, so vitest related ran the e2e test.
      r.write({ 'src/slug.js': `${LOWER}export const slugify = (s) => lower(s).split(' ').join('-');\n` });
      r.git('add', 'src/slug.js');
      const out = attemptCommit(r, 0);
      expect(out).not.toMatch(/e2e\/app\.test\.js/);
      expect(trailersOf(r)['TDD-Phase']).toBe('refactor');
    },
  );
});
