/**
 * A runner's entry in a Yarn Plug'n'Play project, which has no node_modules: resolved by the
 * copy's `.pnp.cjs` (verify/pnp.ts wrote it, its cache paths rebased), as yarn itself would. The
 * path may be virtual or inside a zip: the runner process reads it through the same .pnp.cjs,
 * loaded by NODE_OPTIONS.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface PnpApi {
  resolveRequest(request: string, issuer: string): string | null;
  findPackageLocator(location: string): { name: string; reference: string } | null;
}

export function locatePnpRunner(root: string, pkg: string, entry: string): { path: string; version?: string } | undefined {
  let dir = root;
  while (!existsSync(join(dir, '.pnp.cjs'))) {
    if (dirname(dir) === dir) return undefined;
    dir = dirname(dir);
  }
  try {
    const api = createRequire(import.meta.url)(join(dir, '.pnp.cjs')) as PnpApi;
    const manifest = api.resolveRequest(`${pkg}/package.json`, `${root}/`);
    if (!manifest) return undefined;
    // `npm:4.1.12`, or a virtual instance's `virtual:…#npm:4.1.12`
    const version = /npm:([^#]+)$/.exec(api.findPackageLocator(manifest)?.reference ?? '')?.[1];
    return { path: join(dirname(manifest), entry), ...(version ? { version } : {}) };
  } catch {
    return undefined; // not a dependency of the project: the runner is missing
  }
}
