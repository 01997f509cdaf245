/**
 * The package's own files. This module sits one level below the package root both as compiled
 * (dist/paths.js) and inside the single-file bundle of the CLI (dist/tdd.cjs), so every path
 * the package needs at run time is computed here and nowhere else.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const PACKAGE_BIN = join(PACKAGE_ROOT, 'bin', 'tdd.js');
export const NODE_REPORTER = join(PACKAGE_ROOT, 'dist', 'runners', 'node-reporter.js');
export const HOOK_TEMPLATES = join(PACKAGE_ROOT, 'hooks');
