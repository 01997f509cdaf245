import { describe, expect, it } from 'vitest';
import { buildVitestArgv } from '../../../src/runners/vitest.js';
import { excludedProjects, projectFilters, scanProjectList, scanVitestProjects } from '../../../src/runners/vitest-projects.js';
import { evaluateRunStatus } from '../../../src/gates/run-status.js';
import type { RunResult } from '../../../src/types.js';
import { readVitestBounds, type FolderReader } from '../../../src/runners/vitest-workspace.js';
import { evaluateRelatedProjectsUnread } from '../../../src/gates/related-projects-unread.js';
import type { GateInput } from '../../../src/gates/types.js';

// vue's shape: unit projects, a jsdom one, an e2e one, and a browser one.
const CONFIG = `import { defineConfig } from 'vitest/config'
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', exclude: ['**/e2e/**'] } },
      { extends: true, test: { name: 'unit-jsdom', environment: 'jsdom', include: ['packages/{vue,vue-compat}/**/*.spec.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['packages/vue/__tests__/e2e/*.spec.ts'] } },
      { test: { name: 'components', browser: { enabled: true, provider: 'playwright', instances: [{ browser: 'chromium' }] } } },
      'packages/*/vitest.config.ts',
    ],
  },
})
`;

describe('vitest projects for `related`', () => {
  it('reads the inline projects’ names and whether they run in a browser', () => {
    expect(scanVitestProjects(CONFIG)).toEqual([
      { name: 'unit', browser: false },
      { name: 'unit-jsdom', browser: false },
      { name: 'e2e', browser: false },
      { name: 'components', browser: true },
    ]);
    expect(scanVitestProjects("export default { test: { include: ['x'] } }")).toEqual([]);
  });

  it('leaves out browser and e2e projects unless relatedProjects names them', () => {
    const projects = scanVitestProjects(CONFIG);
    expect(excludedProjects(projects, [])).toEqual(['e2e', 'components']);
    expect(excludedProjects(projects, ['e2e'])).toEqual(['components']);
    expect(
      excludedProjects(
        [
          // Named browser but run in node (jsdom, happy-dom): kept, its tests are unit tests.
          { name: 'browser-chrome', browser: false },
          { name: 'dee2e', browser: false },
          { name: 'smoke-e2e', browser: false },
        ],
        [],
      ),
    ).toEqual(['smoke-e2e']);
  });

  it('the projects kept, by name, when every project is known (vitest ORs its filters: two negations exclude nothing)', () => {
    const inline = CONFIG.replace("      'packages/*/vitest.config.ts',\n", '');
    expect(scanProjectList(CONFIG).complete).toBe(false);
    expect(scanProjectList(inline).complete).toBe(true);
    expect(scanProjectList("export default { test: { projects: [{ test: { name: 'a' } }, ...more] } }").complete).toBe(false);
    expect(scanProjectList("export default { test: { projects: [defineProject({ test: { name: 'a' } }), { test: { name: 'b' } },] } }")).toMatchObject({
      projects: [
        { name: 'a', browser: false },
        { name: 'b', browser: false },
      ],
      complete: true,
    });
    // A name deeper in (a browser instance's, a variable's) is not the project's.
    expect(
      scanVitestProjects(
        "export default { test: { projects: [{ test: { env: { name: 'x' }, name: 'unit' } }, { test: { browser: { enabled: true, instances: [{ name: 'chrome' }] }, name: 'ui' } }] } }",
      ),
    ).toEqual([
      { name: 'unit', browser: false },
      { name: 'ui', browser: true },
    ]);
    expect(projectFilters(scanProjectList(inline), ['e2e', 'components'])).toEqual(['--project=unit', '--project=unit-jsdom']);
    expect(projectFilters(scanProjectList(inline), ['e2e'])).toEqual(['--project=unit', '--project=unit-jsdom', '--project=components']);
    expect(projectFilters(scanProjectList(CONFIG), ['e2e'])).toEqual(['--project=!e2e']);
    // A project whose name is not read (a glob of configs): kept by no positive filter, so the negations stay.
    expect(projectFilters(scanProjectList(CONFIG), ['e2e', 'components'])).toEqual(['--project=!e2e', '--project=!components']);
  });

  it('vitest related gets one --project !name per project left out; a targeted run none', () => {
    const base = {
      root: '/r',
      files: ['a.test.ts'],
      reportPath: '/rep',
      nodePath: 'node',
      runnerPath: 'vitest.mjs',
      runnerVersion: '4.1.12',
      unittestShim: '',
    };
    const related = buildVitestArgv({ ...base, related: ['src/a.ts'], excludeProjects: ['e2e', 'components'] });
    expect('argv' in related && related.argv.filter((a) => a.startsWith('--project'))).toEqual(['--project=!e2e', '--project=!components']);
    const kept = buildVitestArgv({ ...base, related: ['src/a.ts'], excludeProjects: ['e2e', 'components'], projectFilters: ['--project=unit'] });
    expect('argv' in kept && kept.argv.filter((a) => a.startsWith('--project'))).toEqual(['--project=unit']);
    const targeted = buildVitestArgv({ ...base, excludeProjects: ['e2e'] });
    expect('argv' in targeted && targeted.argv.some((a) => a.startsWith('--project'))).toBe(false);
  });
});

describe('a related run past timeoutSeconds', () => {
  const run = (extra: Partial<RunResult>): RunResult => ({
    runner: 'vitest',
    status: 'timeout',
    command: [],
    exitCode: null,
    durationMs: 1,
    files: [],
    tests: [],
    fileErrors: [],
    ...extra,
  });
  it('is exit 3 that says the related set was too large (data.related); a targeted run’s timeout is not', () => {
    expect(evaluateRunStatus(run({ relatedMode: true })).map((f) => [f.code, f.code === 'RUN_UNVERIFIED' && f.data?.related])).toEqual([
      ['RUN_UNVERIFIED', true],
    ]);
    expect(evaluateRunStatus(run({})).map((f) => [f.code, f.code === 'RUN_UNVERIFIED' && f.data?.related])).toEqual([['RUN_UNVERIFIED', undefined]]);
  });
});

/** A folder in memory: files by path, folders implied by them. */
function folder(files: Record<string, string>): FolderReader {
  return {
    read: (p) => files[p] ?? null,
    list: (dir) => {
      const prefix = dir === '.' ? '' : `${dir}/`;
      const names = new Map<string, boolean>();
      for (const f of Object.keys(files)) if (f.startsWith(prefix)) names.set(f.slice(prefix.length).split('/')[0]!, f.slice(prefix.length).includes('/'));
      return names.size === 0 ? null : [...names].map(([name, isDir]) => ({ name, dir: isDir }));
    },
  };
}

describe('the projects behind string entries and workspace files, read literally', () => {
  const project = (name: string, browser = false) =>
    `import { defineProject } from 'vitest/config'\nexport default defineProject({ test: { name: '${name}'${browser ? ", browser: { enabled: true, instances: [{ browser: 'chromium' }] }" : ''} } })\n`;

  it('a glob of configuration files in test.projects: each named project is read, a browser one too, and the bounds are complete', () => {
    const bounds = readVitestBounds(
      folder({
        'vitest.config.ts': CONFIG,
        'packages/a/vitest.config.ts': project('a'),
        'packages/b/vitest.config.ts': project('b-ui', true),
        'packages/c/README.md': '',
      }),
    );
    expect(bounds).toEqual({
      complete: true,
      unread: [],
      projects: expect.arrayContaining([
        { name: 'a', browser: false },
        { name: 'b-ui', browser: true },
      ]),
    });
    expect(excludedProjects(bounds.projects, [])).toEqual(['e2e', 'components', 'b-ui']);
  });

  it('vitest.workspace.* (defineWorkspace, a JSON array): folders with their own configuration; one without a literal name is unread, named', () => {
    const ws = "import { defineWorkspace } from 'vitest/config'\nexport default defineWorkspace(['packages/*', { test: { name: 'e2e-smoke' } }])\n";
    const named = readVitestBounds(
      folder({ 'vitest.workspace.ts': ws, 'packages/x/vite.config.mts': project('x'), 'packages/y/vitest.config.js': project('y', true) }),
    );
    expect(named).toMatchObject({ complete: true, unread: [] });
    expect(excludedProjects(named.projects, [])).toEqual(['e2e-smoke', 'y']);
    const unnamed = readVitestBounds(folder({ 'vitest.workspace.ts': ws, 'packages/x/vite.config.mts': project('x'), 'packages/z/package.json': '{}' }));
    expect(unnamed).toMatchObject({ complete: false, unread: ["vitest.workspace.ts: 'packages/*'"] });
    expect(readVitestBounds(folder({ 'vitest.workspace.json': '["packages/x"]', 'packages/x/vitest.config.ts': project('x') }))).toMatchObject({
      complete: true,
      projects: [{ name: 'x', browser: false }],
    });
  });

  it('a spread, a `**` or negated glob: unread; no projects at all: one project, nothing to bound', () => {
    const spread = "export default defineConfig({ test: { projects: [...shared, 'packages/**'] } })";
    expect(readVitestBounds(folder({ 'vitest.config.ts': spread })).unread).toEqual([
      'vitest.config.ts: an entry that is not a literal project or path',
      "vitest.config.ts: 'packages/**'",
    ]);
    expect(readVitestBounds(folder({ 'vitest.config.ts': 'export default { test: {} }' }))).toEqual({ projects: [], complete: true, unread: [] });
  });

  it('a related run without established bounds is said on the verdict (info, never a refusal)', () => {
    const input = (relatedUnread?: string[]) =>
      ({ run: { status: 'completed', tests: [], fileErrors: [], ...(relatedUnread ? { relatedUnread } : {}) } }) as unknown as GateInput;
    expect(evaluateRelatedProjectsUnread(input(["vitest.config.ts: 'packages/**'"]))).toEqual([
      { code: 'RELATED_PROJECTS_UNREAD', severity: 'info', data: { entries: ["vitest.config.ts: 'packages/**'"] } },
    ]);
    expect(evaluateRelatedProjectsUnread(input())).toEqual([]);
  });
});
