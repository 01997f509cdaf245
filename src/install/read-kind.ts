/** The facts classifyInstall needs, read from this process and the disk around the package. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../paths.js';
import { classifyInstall, projectOf, type InstallKind } from './spelling.js';

let known: InstallKind | undefined;

export function readInstallKind(env: NodeJS.ProcessEnv, packageRoot = PACKAGE_ROOT): InstallKind {
  if (known && packageRoot === PACKAGE_ROOT) return known;
  const root = packageRoot.replaceAll('\\', '/').replace(/\/$/, '');
  const project = projectOf(root);
  const kind = classifyInstall({
    packageRoot: root,
    userAgent: env.npm_config_user_agent,
    pnp: Boolean((process.versions as Record<string, string | undefined>).pnp),
    projectHas: (file) => project !== undefined && existsSync(join(project, file)),
  });
  if (packageRoot === PACKAGE_ROOT) known = kind;
  return kind;
}
