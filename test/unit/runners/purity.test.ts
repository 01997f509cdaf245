/**
 * STYLE §1: adapters are pure. Only the shell of this folder touches the world: run.ts, locate.ts (where a runner is), and
 * leak-check.ts (the files a run's leak guard noted, and the manifests read before it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const DIR = join(PROJECT_ROOT, 'src', 'runners');
const SHELL = ['run.ts', 'leak-check.ts', 'locate.ts'];
/** Value imports (not `import type`), also spread over several lines. */
const IO_IMPORT = /^import(?!\s+type\b)[^;]*?from\s+'(node:(?:fs|fs\/promises|child_process|os)|\.\.\/(?:git|verify|state)\/[^']*)'/gm;

describe('src/runners purity', () => {
  it.each(SHELL)('the check sees an I/O import in %s', (file) => {
    expect([...readFileSync(join(DIR, file), 'utf8').matchAll(IO_IMPORT)].length).toBeGreaterThan(0);
  });

  it.each(readdirSync(DIR).filter((f) => f.endsWith('.ts') && !SHELL.includes(f)))('%s imports no I/O module', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    expect([...text.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual([]);
  });
});
