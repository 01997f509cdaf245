/** Workspace declarations: literal file text → the folder globs they declare. */
import { describe, expect, it } from 'vitest';
import { parseLernaPackages, parsePackageJsonWorkspaces, parsePnpmWorkspace } from '../../../src/config/workspaces.js';

describe('parsePackageJsonWorkspaces', () => {
  it.each([
    ['{"workspaces": ["packages/*", "./apps/web/", "!packages/old"]}', ['packages/*', 'apps/web', '!packages/old']],
    ['{"workspaces": {"packages": ["libs/**"], "nohoist": ["**/x"]}}', ['libs/**']],
    ['{"name": "single"}', []],
    ['{"workspaces": [".", 3, ""]}', []],
    ['not json', []],
    [undefined, []],
  ])('%s → %j', (text, expected) => {
    expect(parsePackageJsonWorkspaces(text)).toEqual(expected);
  });
});

describe('parsePnpmWorkspace', () => {
  it.each([
    ["packages:\n  - 'packages/*'\n  - \"apps/**\" # the apps\n  - '!**/test/**'\n\ncatalog:\n  react: ^18\n", ['packages/*', 'apps/**', '!**/test/**']],
    ['packages:\n- packages/*\n- tools/cli\nonlyBuiltDependencies:\n  - esbuild\n', ['packages/*', 'tools/cli']],
    ["packages: ['a/*', \"b\"]\n", ['a/*', 'b']],
    ['# none\nsharedWorkspaceLockfile: false\n', []],
    [undefined, []],
  ])('%j → %j', (text, expected) => {
    expect(parsePnpmWorkspace(text)).toEqual(expected);
  });
});

describe('parseLernaPackages', () => {
  it('reads packages', () => {
    expect(parseLernaPackages('{"packages": ["modules/*"], "version": "1.0.0"}')).toEqual(['modules/*']);
    expect(parseLernaPackages('{"version": "independent"}')).toEqual([]);
  });
});
