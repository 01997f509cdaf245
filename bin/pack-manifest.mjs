// The package.json that ships (not published: see package.json "files"). Run by npm around
// `npm pack` and `npm publish`:
//   prepack   `node bin/pack-manifest.mjs strip`: builds (npm run build), then writes package.json
//             without "scripts" — the published manifest runs nothing when installed, and a
//             repository holding the unpacked tarball (a pre-commit hook repository, which npm
//             installs as a git dependency) is not "prepared" by npm, which would try to build it
//             (pacote runs `npm install` in a git dependency whose scripts have prepack) — the
//             original is kept in package.json.tdd-pack;
//   postpack  `node bin/pack-manifest.mjs restore`: puts the original back, byte for byte.
// TDD_PACK_PREBUILT=1 skips the build (the test suite packs after `npm test` built dist/).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
const kept = `${manifest}.tdd-pack`;

/** The published manifest: the repository's, less what only the repository runs. */
export function packedManifest(pkg) {
  const { scripts, ...rest } = pkg;
  return rest;
}

const mode = process.argv[2];
if (mode === 'strip') {
  // A pack that died before postpack left the original here: that one is the truth.
  if (existsSync(kept)) renameSync(kept, manifest);
  if (process.env.TDD_PACK_PREBUILT !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const original = readFileSync(manifest);
  writeFileSync(kept, original);
  writeFileSync(manifest, `${JSON.stringify(packedManifest(JSON.parse(original.toString('utf8'))), null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: node bin/pack-manifest.mjs strip|restore');
  process.exit(2);
}
