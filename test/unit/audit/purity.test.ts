/** STYLE §1: the audit's rules and formatting are pure; only read, replay and audit (and history) touch the world. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const DIR = join(PROJECT_ROOT, 'src', 'audit');
const SHELL = new Set(['read.ts', 'replay.ts', 'audit.ts', 'history.ts', 'index.ts']);
/** Value imports of I/O: node's fs, processes, os; our git (its pure parsers aside), verify, state store, install, config/load, cli. */
const IO_IMPORT =
  /^import(?!\s+type\b)[^;]*?from\s+'(node:(?:fs|fs\/promises|child_process|os|process)|(?:\.\.\/)+(?:git\/(?!parse\.js|ids\.js)|verify\/|state\/(?!trailers)|install\/|config\/load|cli\/)[^']*|\.\/(?:read|replay|audit|history)\.js)'/gm;

const files = [...readdirSync(DIR).filter((f) => f.endsWith('.ts') && !SHELL.has(f)), ...readdirSync(join(DIR, 'rules')).map((f) => `rules/${f}`)];

describe('src/audit purity', () => {
  it('the check sees the I/O imports of the shell', () => {
    const read = readFileSync(join(DIR, 'read.ts'), 'utf8');
    expect([...read.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual(expect.arrayContaining(['node:fs/promises', '../git/exec.js']));
  });

  it.each(files)('%s imports no I/O module and reads no process state', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    expect([...text.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual([]);
    expect(text).not.toMatch(/\bprocess\.|\bDate\.now|\bMath\.random/);
  });
});
