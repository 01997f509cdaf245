/**
 * The e2e project's global setup: `npm pack` once (about 3 s of npm a pack) for all its files,
 * handed to them through vitest's provide/inject (test/helpers/pack.ts sharedPack), removed when
 * the last file is done.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packPackage } from '../helpers/pack.js';

export default function setup(project: TestProject): () => void {
  const packed = packPackage();
  project.provide('packed', packed);
  return () => rmSync(dirname(packed.tarball), { recursive: true, force: true });
}
