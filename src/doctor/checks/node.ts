/**
 * node: the hooks find a node to run, from this shell and from a GUI git client, whose PATH is
 * minimal (`/usr/bin:/bin`: nvm, volta, asdf and fnm set PATH in interactive shells only). Our
 * shims fall back on the node install recorded; husky's stubs source `~/.config/husky/init.sh`
 * first (catalogue §5.59). tdd-hooks needs node ≥ 20.12 (package.json engines).
 */
import { dirname } from 'node:path';
import { shQuote } from '../../install/shim.js';
import { isVersionAtLeast } from '../parse.js';
import { TDD_INSTALL } from '../fixes.js';
import type { CheckResult, DoctorFacts, NodeProbe } from '../types.js';

export const MIN_NODE = '20.12.0';

/** Puts the node running doctor on PATH for husky's stubs, GUI clients included. */
function huskyInitFix(f: DoctorFacts): string {
  const init = f.node.huskyInit?.path ?? '~/.config/husky/init.sh';
  const line = `export PATH="${dirname(f.node.self.path)}:$PATH"`;
  return `mkdir -p ${shQuote(dirname(init))} && echo ${shQuote(line)} >> ${shQuote(init)}`;
}

export function checkNode(f: DoctorFacts): CheckResult {
  const { node: n, layout: l } = f;
  const husky = l.huskyDir !== null;
  const id = 'node';
  const fallback = n.fallbacks.find((p) => p.version !== null);
  // husky's stubs source its init file first: a node it puts on PATH serves this shell's commits too.
  const viaInit: NodeProbe | undefined = husky && n.huskyInit?.node ? { path: n.huskyInit.node, version: null } : undefined;
  const hookNode: NodeProbe | undefined = (n.onPath?.version ? n.onPath : undefined) ?? fallback ?? viaInit;
  if (!hookNode) {
    const fix = husky ? huskyInitFix(f) : `export PATH=${shQuote(dirname(n.self.path))}:"$PATH"`;
    return { id, status: 'fail', code: 'NODE_NOT_ON_PATH', data: { husky, self: n.self.path }, fix };
  }
  const version = hookNode.version ?? n.self.version;
  if (!isVersionAtLeast(version, MIN_NODE)) {
    return { id, status: 'fail', code: 'NODE_TOO_OLD', data: { path: hookNode.path, version, min: MIN_NODE } };
  }
  const data = { path: hookNode.path, version, guiPath: n.guiPath };
  if (n.platform === 'win32') return { id, status: 'ok', code: 'NODE_OK', data: { ...data, gui: null } };
  const onGui = n.onGuiPath?.version ? n.onGuiPath.path : null;
  const broken = n.fallbacks.filter((p) => p.version === null).map((p) => p.path);
  if (!onGui && broken.length > 0) return { id, status: 'fail', code: 'NODE_FALLBACK_BROKEN', data: { ...data, fallbacks: broken }, fix: TDD_INSTALL };
  const gui = onGui ?? fallback?.path ?? (husky ? n.huskyInit?.node : null) ?? null;
  if (!gui) {
    // Hooks in the worktree may be committed: install records no machine-specific node in them.
    const fix = husky ? huskyInitFix(f) : l.hooksDirPlace === 'git-dir' ? TDD_INSTALL : undefined;
    return { id, status: 'warn', code: 'NODE_GUI_MISSING', data: { ...data, husky }, ...(fix ? { fix } : {}) };
  }
  return { id, status: 'ok', code: 'NODE_OK', data: { ...data, gui } };
}
