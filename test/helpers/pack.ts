/**
 * The package as npm publishes it, for the end-to-end tests: the files `npm pack` ships (the
 * dist/ that `npm test` built), copied with package.json and the pack script into a private
 * folder and packed there with the real prepack/postpack scripts (the build skipped:
 * TDD_PACK_PREBUILT=1). This checkout's package.json and dist/ are never written, so tests that
 * run beside it are not disturbed.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { isolatedEnv, PROJECT_ROOT } from './repo.js';

export interface PackedFile {
  path: string;
  size: number;
}

export interface Packed {
  /** The .tgz. */
  tarball: string;
  /** The copy the tarball was packed from (package.json restored by postpack). */
  source: string;
  size: number;
  entryCount: number;
  files: PackedFile[];
}

function packJson(out: string): { size: number; entryCount: number; files: PackedFile[]; filename: string } {
  return (JSON.parse(out.slice(out.indexOf('['))) as { size: number; entryCount: number; files: PackedFile[]; filename: string }[])[0]!;
}

export function packPackage(): Packed {
  const env = isolatedEnv({ TDD_PACK_PREBUILT: '1' });
  const listed = packJson(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PROJECT_ROOT, env, encoding: 'utf8' }));
  const dir = mkdtempSync(join(tmpdir(), 'tdd-pack-'));
  const source = join(dir, 'package');
  for (const path of [...listed.files.map((f) => f.path), 'bin/pack-manifest.mjs']) {
    mkdirSync(dirname(join(source, path)), { recursive: true });
    cpSync(join(PROJECT_ROOT, path), join(source, path));
  }
  const packed = packJson(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: source, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  const tarball = join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.tgz'))!,
  );
  return { tarball, source, size: packed.size, entryCount: packed.entryCount, files: packed.files };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The package packed once for the whole e2e run (test/e2e/pack-setup.ts). */
    packed: Packed;
  }
}

/**
 * The package packed once for every end-to-end file (the e2e project's global setup packs it and
 * removes it at the end): read-only for the tests, which install it or unpack it, never edit it.
 * Outside that project (a file run on its own with another config), a pack of its own.
 */
export function sharedPack(): Packed {
  return inject('packed') ?? packPackage();
}
