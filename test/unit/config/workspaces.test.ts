/** Workspace declarations: literal file content → the folder globs they declare. */
import { describe, expect, it } from 'vitest';
import { parseLernaGlobs, parseWorkspaceGlobs } from '../../../src/config/workspaces.js';

describe('parseWorkspaceGlobs', () => {
  it.each([
    [{ workspaces: ['packages/*', './apps/web/', '!packages/old'] }, undefined, { include: ['packages/*', 'apps/web'], exclude: ['packages/old'] }],
    [{ workspaces: { packages: ['libs/**'], nohoist: ['**/x'] } }, undefined, { include: ['libs/**'], exclude: [] }],
    [{ workspaces: ['.', 3, '', '../outside', '/abs'] }, undefined, { include: [], exclude: [] }],
    [
      undefined,
      "packages:\n  - 'packages/*'\n  - \"apps/**\" # the apps\n  - '!**/test/**'\n\ncatalog:\n  react: ^18\n",
      { include: ['packages/*', 'apps/**'], exclude: ['**/test/**'] },
    ],
    [undefined, 'packages:\n- packages/*\n- tools/cli\nonlyBuiltDependencies:\n  - esbuild\n', { include: ['packages/*', 'tools/cli'], exclude: [] }],
    [undefined, '# none\nsharedWorkspaceLockfile: false\n', { include: [], exclude: [] }],
  ])('%j + %j', (pkg, yaml, expected) => {
    expect(parseWorkspaceGlobs(pkg, yaml)).toEqual(expected);
  });
});

describe('parseLernaGlobs', () => {
  it('reads packages', () => {
    expect(parseLernaGlobs({ packages: ['modules/*'], version: '1.0.0' })).toEqual({ include: ['modules/*'], exclude: [] });
    expect(parseLernaGlobs({ version: 'independent' })).toEqual({ include: [], exclude: [] });
  });
});
