/**
 * Runners where they live: `tdd-hooks install` in real repositories of each layout — npm and pnpm
 * workspaces (a package's own runner, a package without one run by the runner above), Go modules
 * two folders down, a cargo workspace (one runner at its top, not one per member), and fixtures
 * and dependencies that are never projects.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

const pkg = (o: Record<string, unknown>) => JSON.stringify(o) + '\n';
const GO_MOD = (name: string) => `module example.com/${name}\n\ngo 1.19\n`;
const CRATE = (name: string) => `[package]\nname = "${name}"\nversion = "0.1.0"\nedition = "2021"\n`;

function installed(files: Record<string, string>): { runner?: string; runners?: unknown[] } {
  const r = (repo = makeRepo(files));
  const out = r.tdd('install', '--json');
  expect(out.status, out.stderr).toBe(0);
  return JSON.parse(r.read('.tddrc.json')) as { runner?: string; runners?: unknown[] };
}

describe('install finds each runner where it lives', () => {
  it('npm workspaces: a package with its own runner gets it in its folder; one without, and an excluded one, get none', () => {
    const config = installed({
      'package.json': pkg({ name: 'mono', private: true, workspaces: ['packages/*', '!packages/legacy'], devDependencies: { vitest: '4' } }),
      'packages/app/package.json': pkg({ name: '@demo/app', scripts: { test: 'jest' }, devDependencies: { jest: '30' } }),
      'packages/core/package.json': pkg({ name: '@demo/core' }),
      'packages/legacy/package.json': pkg({ name: 'legacy', devDependencies: { mocha: '12' } }),
      'apps/deep/web/package.json': pkg({ name: 'web', devDependencies: { mocha: '12' } }),
    });
    expect(config.runners).toEqual([{ runner: 'vitest' }, { runner: 'jest', root: 'packages/app' }]);
  });

  it('pnpm workspaces, globs at any depth', () => {
    const config = installed({
      'package.json': pkg({ name: 'mono', private: true }),
      'pnpm-workspace.yaml': "packages:\n  - 'apps/**'\n  - '!**/test/**'\n",
      'apps/web/site/package.json': pkg({ name: 'site', devDependencies: { vitest: '4' } }),
      'apps/web/test/package.json': pkg({ name: 'x', devDependencies: { jest: '30' } }),
    });
    expect(config.runners).toEqual([{ runner: 'vitest', root: 'apps/web/site' }]);
  });

  it('Go modules at any depth, one runner each; go.mod under testdata/ or node_modules/ is not a module', () => {
    const config = installed({
      'services/api/go.mod': GO_MOD('api'),
      'services/api/api.go': 'package api\n',
      'services/worker/go.mod': GO_MOD('worker'),
      'services/api/testdata/fixture/go.mod': GO_MOD('fixture'),
      'node_modules/x/go.mod': GO_MOD('x'),
      '.hidden/go.mod': GO_MOD('hidden'),
    });
    expect(config.runners).toEqual([
      { runner: 'go', root: 'services/api' },
      { runner: 'go', root: 'services/worker' },
    ]);
  });

  it('a cargo workspace is one runner at its top, its members none of their own; a crate outside it is its own', () => {
    const config = installed({
      'rust/Cargo.toml': '[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n',
      'rust/crates/core/Cargo.toml': CRATE('core'),
      'rust/crates/cli/Cargo.toml': CRATE('cli'),
      'tools/gen/sub/Cargo.toml': CRATE('gen'),
    });
    expect(config.runners).toEqual([
      { runner: 'cargo', root: 'rust' },
      { runner: 'cargo', root: 'tools/gen/sub' },
    ]);
  });

  it('a single project at the top stays a single runner', () => {
    // Run from outside the repository (as from npx's cache): no $schema, no path reaches the package.
    expect(installed({ 'package.json': pkg({ name: 'a', devDependencies: { mocha: '12' } }), 'test/fixtures/go.mod': GO_MOD('f') })).toEqual({
      runner: 'mocha',
    });
  });
});
