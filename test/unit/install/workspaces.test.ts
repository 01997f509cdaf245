/** Where a JS monorepo's packages are, from literal package.json and pnpm-workspace.yaml. */
import { describe, expect, it } from 'vitest';
import { parseWorkspaceGlobs } from '../../../src/config/workspaces.js';

describe('workspaces', () => {
  it('npm (array or {packages}) and pnpm, negations apart', () => {
    expect(parseWorkspaceGlobs({ workspaces: ['packages/*', '!packages/old'] }, undefined)).toEqual({ include: ['packages/*'], exclude: ['packages/old'] });
    expect(parseWorkspaceGlobs({ workspaces: { packages: ['apps/**'] } }, "packages:\n  - 'libs/*'\n  - '!**/test/**'\n")).toEqual({ include: ['apps/**', 'libs/*'], exclude: ['**/test/**'] });
    expect(parseWorkspaceGlobs({ name: 'x' }, undefined)).toEqual({ include: [], exclude: [] });
  });
});
