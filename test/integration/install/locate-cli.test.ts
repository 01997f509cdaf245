/** How the hooks reach the CLI: the path as the project sees it, never a versioned realpath. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { locateCli } from '../../../src/install/package-files.js';

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function tree(files: string[]): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-locate-')));
  temps.push(root);
  for (const f of files) {
    mkdirSync(join(root, f, '..'), { recursive: true });
    writeFileSync(join(root, f), '');
  }
  return root;
}

describe('locateCli', () => {
  it('pnpm: node_modules/tdd-hooks is a link into .pnpm/tdd-hooks@x; the hooks use the link', () => {
    const top = tree(['node_modules/.pnpm/tdd-hooks@0.1.0/node_modules/tdd-hooks/bin/tdd.js']);
    symlinkSync(join(top, 'node_modules/.pnpm/tdd-hooks@0.1.0/node_modules/tdd-hooks'), join(top, 'node_modules/tdd-hooks'));
    const real = join(top, 'node_modules/.pnpm/tdd-hooks@0.1.0/node_modules/tdd-hooks/bin/tdd.js');
    expect(locateCli(top, top, real)).toEqual({
      rel: 'node_modules/tdd-hooks/bin/tdd.js',
      abs: join(top, 'node_modules/tdd-hooks/bin/tdd.js'),
      schemaRef: './node_modules/tdd-hooks/schema/tddrc.schema.json',
    });
  });

  it('run from the npx cache (outside the repository): the default path, the cache as fallback, no $schema', () => {
    const top = tree(['a.txt']);
    const cache = tree(['_npx/1/node_modules/tdd-hooks/bin/tdd.js']);
    const bin = join(cache, '_npx/1/node_modules/tdd-hooks/bin/tdd.js');
    expect(locateCli(top, top, bin)).toEqual({ rel: 'node_modules/tdd-hooks/bin/tdd.js', abs: bin, schemaRef: undefined });
  });

  it('a hoisted workspace install found from a package folder', () => {
    const top = tree(['node_modules/tdd-hooks/bin/tdd.js', 'packages/app/package.json']);
    const bin = join(top, 'node_modules/tdd-hooks/bin/tdd.js');
    expect(locateCli(top, join(top, 'packages/app'), bin).rel).toBe('node_modules/tdd-hooks/bin/tdd.js');
  });

  it('never looks above the top level', () => {
    const outer = tree(['node_modules/tdd-hooks/bin/tdd.js', 'repo/a.txt']);
    const bin = join(outer, 'node_modules/tdd-hooks/bin/tdd.js');
    expect(locateCli(join(outer, 'repo'), join(outer, 'repo'), bin)).toEqual({ rel: 'node_modules/tdd-hooks/bin/tdd.js', abs: bin, schemaRef: undefined });
  });
});
