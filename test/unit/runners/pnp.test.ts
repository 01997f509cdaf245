/** A PnP project's .pnp.cjs, rebased for the private copy: its cache paths reach the same folders from the copy. */
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pnpNodeOptions, rebaseLocation, rebasePnpFile } from '../../../src/verify/pnp.js';

const FROM = '/home/me/app';
const TO = '/tmp/tdd-hooks-x/tree';

/** Where a location points, resolved as yarn does (virtual paths climb from the folder holding __virtual__). */
function target(location: string, top: string): string {
  const v = /^(.*?\/)__virtual__\/[^/]+\/(\d+)\/(.*)$/.exec(location);
  return v ? posix.join(top, v[1]!, '../'.repeat(Number(v[2])), v[3]!) : posix.join(top, location);
}

describe('rebaseLocation', () => {
  it.each([
    ['./', 'the workspace itself'],
    ['./packages/lib/', 'a workspace: the commit’s files, in the copy'],
    ['./.yarn/cache/vitest-npm-4.1.12-0866a7ace7-10c0.zip/node_modules/vitest/', 'the local cache (.yarn is linked into the copy)'],
    ['./.yarn/__virtual__/lib-virtual-1a2b/1/packages/lib/', 'a virtual instance of a workspace'],
  ])('%s stays (%s)', (location) => expect(rebaseLocation(location, FROM, TO)).toBe(location));

  it.each([
    ['../../.yarn/berry/cache/vitest-npm-4.1.12-0866a7ace7-10c0.zip/node_modules/vitest/'],
    ['./.yarn/__virtual__/vitest-virtual-58683504bd/3/.yarn/berry/cache/vitest-npm-4.1.12-0866a7ace7-10c0.zip/node_modules/vitest/'],
  ])('%s (the global cache) reaches the same folder from the copy', (location) => {
    const rebased = rebaseLocation(location, FROM, TO);
    expect(rebased).not.toBe(location);
    expect(target(rebased, TO)).toBe(target(location, FROM));
    expect(rebased.endsWith('/')).toBe(true);
  });

  it('keeps the virtual form yarn looks locations up by: as few folders up as reach the target', () => {
    expect(rebaseLocation('./.yarn/__virtual__/v-virtual-1/3/.yarn/berry/cache/v.zip/node_modules/v/', FROM, TO)).toBe(
      './.yarn/__virtual__/v-virtual-1/4/home/.yarn/berry/cache/v.zip/node_modules/v/',
    );
  });
});

describe('rebasePnpFile', () => {
  it('rewrites the runtime state of a .pnp.cjs, and nothing else', () => {
    const state = {
      packageRegistryData: [
        [null, [[null, { packageLocation: './' }]]],
        ['vitest', [['npm:4.1.12', { packageLocation: '../../.yarn/berry/cache/v.zip/node_modules/vitest/' }]]],
      ],
    };
    // As yarn writes it: a single-quoted string, each line continued with a backslash.
    const literal = JSON.stringify(state, null, 2).replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\\n');
    const file = `#!/usr/bin/env node\n"use strict";\n\nconst RAW_RUNTIME_STATE =\n'${literal}';\n\nfunction $$SETUP_STATE() {}\n`;
    const out = rebasePnpFile(file, FROM, TO)!;
    expect(out.startsWith('#!/usr/bin/env node\n"use strict";\n\nconst RAW_RUNTIME_STATE =\n"')).toBe(true);
    expect(out.endsWith('";\n\nfunction $$SETUP_STATE() {}\n')).toBe(true);
    const parsed = JSON.parse(JSON.parse(/RAW_RUNTIME_STATE =\n(".*");/s.exec(out)![1]!)) as typeof state;
    expect(parsed.packageRegistryData[0]![1][0]![1].packageLocation).toBe('./');
    expect(target(parsed.packageRegistryData[1]![1][0]![1].packageLocation, TO)).toBe('/home/.yarn/berry/cache/v.zip/node_modules/vitest/');
    expect(rebasePnpFile('module.exports = {};', FROM, TO)).toBeNull();
  });

  it('starts the runner through the copy’s loader, never the working tree’s', () => {
    const inherited = '--max-old-space-size=4096 --require /home/me/app/.pnp.cjs --experimental-loader file:///home/me/app/.pnp.loader.mjs';
    const options = pnpNodeOptions(TO, inherited);
    expect(options).toContain('--max-old-space-size=4096');
    expect(options).toContain(`--require "${TO}/.pnp.cjs"`);
    expect(options).not.toContain('/home/me/app');
  });
});
