/** Which node the hooks would find: on this shell's PATH, on a GUI client's, recorded in the shims, after husky's init file. */
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join, resolve } from 'node:path';
import type { NodeFacts, NodeProbe } from './types.js';

/** A GUI git client started from the desktop (macOS Finder, a Linux launcher) gets about this much. */
export const DEFAULT_GUI_PATH = '/usr/bin:/bin';

const isExecutableFile = (p: string): Promise<boolean> =>
  stat(p).then(
    (st) =>
      st.isFile() &&
      access(p, constants.X_OK).then(
        () => true,
        () => false,
      ),
    () => false,
  );

/** `command -v node` without a shell: the first executable `node` in the PATH's folders (relative ones from `top`, where hooks run). */
export async function whichNode(pathVar: string | undefined, top: string): Promise<string | null> {
  const names = process.platform === 'win32' ? ['node.exe', 'node'] : ['node'];
  for (const dir of (pathVar ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const p = join(resolve(top, dir), name);
      if (await isExecutableFile(p)) return p;
    }
  }
  return null;
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((done) => {
    execFile(file, args, { env, timeout: 10_000, encoding: 'utf8' }, (err, stdout) => done(err ? null : stdout.trim()));
  });
}

/** `<node> --version` with a minimal environment; null when it does not run. */
export async function probeNode(path: string, pathVar: string): Promise<NodeProbe> {
  const out = await run(path, ['--version'], { PATH: pathVar });
  return { path, version: out && /^v\d/.test(out) ? out : null };
}

export interface NodeReadOptions {
  env: NodeJS.ProcessEnv;
  top: string;
  guiPath: string;
  husky: boolean;
  nodeFallbacks: string[];
}

export async function readNodeFacts(o: NodeReadOptions): Promise<NodeFacts> {
  const win = process.platform === 'win32';
  const [onPath, onGui] = await Promise.all([whichNode(o.env.PATH, o.top), win ? null : whichNode(o.guiPath, o.top)]);
  const [pathProbe, guiProbe, fallbacks] = await Promise.all([
    onPath ? probeNode(onPath, o.env.PATH ?? '') : null,
    onGui ? probeNode(onGui, o.guiPath) : null,
    Promise.all(o.nodeFallbacks.map((p) => probeNode(p, o.guiPath))),
  ]);
  let huskyInit: NodeFacts['huskyInit'] = null;
  const home = o.env.HOME;
  if (o.husky && !win && (o.env.XDG_CONFIG_HOME || home)) {
    const path = join(o.env.XDG_CONFIG_HOME || join(home!, '.config'), 'husky', 'init.sh');
    const exists = await stat(path).then(
      (s) => s.isFile(),
      () => false,
    );
    // What husky's stub does before the script: source the init file, then look for node.
    const env: NodeJS.ProcessEnv = {
      PATH: o.guiPath,
      ...(home ? { HOME: home } : {}),
      ...(o.env.XDG_CONFIG_HOME ? { XDG_CONFIG_HOME: o.env.XDG_CONFIG_HOME } : {}),
    };
    const node = exists ? await run('/bin/sh', ['-c', '. "$1" >/dev/null 2>&1; command -v node', 'sh', path], env) : null;
    huskyInit = { path, exists, node: node || null };
  }
  return {
    platform: process.platform,
    self: { path: process.execPath, version: process.version },
    onPath: pathProbe,
    guiPath: o.guiPath,
    onGuiPath: guiProbe,
    fallbacks,
    huskyInit,
  };
}
