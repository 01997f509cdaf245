/**
 * The copy's dependency folders on a real file system: links to the user's packages, a workspace
 * package's link re-pointed into the copy (at the top, in a scope, in .bin), kept in step with the
 * user's folder from one run to the next, and never a write into the user's folder.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkFolder } from '../../src/verify/copy-links.js';
import { readWorkspaceFolders } from '../../src/verify/workspace-folders.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-links-')));
  dirs.push(d);
  return d;
}

function write(root: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, '..'), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

/** A user's repository as npm leaves it: a registry package, a workspace package in a scope, their bins. */
function userRepo(): { top: string; copy: string } {
  const top = tempDir();
  const copy = tempDir();
  write(top, {
    'packages/core/index.js': 'export const x = 1;\n',
    'packages/core/cli.js': '#!/usr/bin/env node\n',
    'node_modules/left-pad/index.js': 'module.exports = () => {};\n',
    'node_modules/.package-lock.json': '{}\n',
  });
  mkdirSync(join(top, 'node_modules', '@demo'));
  symlinkSync('../../packages/core', join(top, 'node_modules', '@demo', 'core'));
  mkdirSync(join(top, 'node_modules', '.bin'));
  symlinkSync('../@demo/core/cli.js', join(top, 'node_modules', '.bin', 'core-cli'));
  symlinkSync('../left-pad/index.js', join(top, 'node_modules', '.bin', 'left-pad'));
  return { top, copy };
}

describe('linkFolder', () => {
  it('links packages, and re-points the ones that lead into the work tree', () => {
    const { top, copy } = userRepo();
    const redirected = linkFolder(top, copy, 'node_modules')?.redirected ?? [];
    expect(redirected.sort()).toEqual([join(top, 'node_modules', '.bin', 'core-cli'), join(top, 'node_modules', '@demo', 'core')]);
    const at = (p: string) => join(copy, 'node_modules', p);
    expect(readlinkSync(at('left-pad'))).toBe(join(top, 'node_modules', 'left-pad'));
    expect(lstatSync(at('@demo')).isDirectory()).toBe(true);
    expect(readlinkSync(at('@demo/core'))).toBe(join(copy, 'packages', 'core'));
    expect(readlinkSync(at('.bin/core-cli'))).toBe(join(copy, 'packages', 'core', 'cli.js'));
    expect(readlinkSync(at('.bin/left-pad'))).toBe(join(top, 'node_modules', '.bin', 'left-pad'));
    // Caches and npm's own files stay out.
    expect(existsSync(at('.package-lock.json'))).toBe(false);
  });

  it('follows the user’s folder from one run to the next, and never writes into it', () => {
    const { top, copy } = userRepo();
    const first = linkFolder(top, copy, 'node_modules')!;
    // Nothing changed: nothing to do. A runner's cache in the copy's folder stays.
    mkdirSync(join(copy, 'node_modules', '.vite'));
    expect(linkFolder(top, copy, 'node_modules', first)).toBe(first);
    // The user reinstalls: left-pad goes, a workspace package replaces a registry one.
    rmSync(join(top, 'node_modules', 'left-pad'), { recursive: true });
    rmSync(join(top, 'node_modules', '.bin', 'left-pad'));
    write(top, { 'packages/util/index.js': '' });
    symlinkSync('../packages/util', join(top, 'node_modules', 'util'));
    const before = readdirSync(join(top, 'node_modules')).sort();
    const second = linkFolder(top, copy, 'node_modules', first)!;
    expect(second.stamp).not.toBe(first.stamp);
    expect(readdirSync(join(copy, 'node_modules')).sort()).toEqual(['.bin', '.vite', '@demo', 'util']);
    expect(readlinkSync(join(copy, 'node_modules', 'util'))).toBe(join(copy, 'packages', 'util'));
    expect(readdirSync(join(copy, 'node_modules', '.bin'))).toEqual(['core-cli']);
    expect(readdirSync(join(top, 'node_modules')).sort()).toEqual(before);
    expect(readlinkSync(join(top, 'node_modules', '@demo', 'core'))).toBe('../../packages/core');
    // The user's folder is gone: so is the copy's.
    rmSync(join(top, 'node_modules'), { recursive: true });
    expect(linkFolder(top, copy, 'node_modules', second)).toBeNull();
    expect(existsSync(join(copy, 'node_modules'))).toBe(false);
  });

  it('a node_modules that is itself a link to a shared folder: its packages are linked', () => {
    const { top, copy } = userRepo();
    const shared = tempDir();
    write(shared, { 'node_modules/jest/package.json': '{}\n' });
    rmSync(join(top, 'node_modules'), { recursive: true });
    symlinkSync(join(shared, 'node_modules'), join(top, 'node_modules'));
    expect(linkFolder(top, copy, 'node_modules')?.redirected).toEqual([]);
    expect(readlinkSync(join(copy, 'node_modules', 'jest'))).toBe(join(top, 'node_modules', 'jest'));
  });
});

describe('readWorkspaceFolders', () => {
  it('the folders with a package.json that package.json, pnpm-workspace.yaml and lerna.json declare', () => {
    const root = tempDir();
    write(root, {
      'package.json': JSON.stringify({ workspaces: ['packages/*', 'apps/**', '!apps/legacy'] }),
      'pnpm-workspace.yaml': "packages:\n  - 'tools/cli'\n",
      'lerna.json': '{"packages": ["modules/*"]}',
      'packages/a/package.json': '{}',
      'packages/b/README.md': '',
      'packages/a/node_modules/dep/package.json': '{}',
      'apps/web/package.json': '{}',
      'apps/web/sub/package.json': '{}',
      'apps/legacy/package.json': '{}',
      'tools/cli/package.json': '{}',
      'modules/m/package.json': '{}',
      'elsewhere/x/package.json': '{}',
    });
    expect(readWorkspaceFolders(root)).toEqual(['apps/web', 'apps/web/sub', 'modules/m', 'packages/a', 'tools/cli']);
    expect(readWorkspaceFolders(tempDir())).toEqual([]);
  });
});
