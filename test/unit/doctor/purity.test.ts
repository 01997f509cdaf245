/** STYLE §1: the checks, parsers, messages and formatting are pure; only read*.ts and doctor.ts touch the world. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_NODE } from '../../../src/doctor/checks/node.js';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const DIR = join(PROJECT_ROOT, 'src', 'doctor');
const SHELL = new Set(['read.ts', 'read-hooks.ts', 'read-node.ts', 'read-repo.ts', 'doctor.ts']);
/** Value imports of I/O: node's fs, processes, os; our git, verify, state store, install (its pure block, shim and test-line aside), config/load, cli, the readers. */
const IO_IMPORT =
  /^import(?!\s+type\b)[^;]*?from\s+'(node:(?:fs|fs\/promises|child_process|os|process)|(?:\.\.\/)+(?:git\/(?!parse\.js|ids\.js)|verify\/|state\/(?!machine|trailers|types)|install\/(?!block\.js|shim\.js|test-line\.js)|config\/load|cli\/|paths\.js)[^']*|\.{1,2}\/(?:read[\w-]*|doctor)\.js)'/gm;

const files = [...readdirSync(DIR).filter((f) => f.endsWith('.ts') && !SHELL.has(f)), ...readdirSync(join(DIR, 'checks')).map((f) => `checks/${f}`)];

describe('src/doctor purity', () => {
  it('the check sees the I/O imports of the shell', () => {
    const read = readFileSync(join(DIR, 'read-hooks.ts'), 'utf8');
    expect([...read.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual(expect.arrayContaining(['node:fs', 'node:fs/promises']));
  });

  it.each(files)('%s imports no I/O module and reads no process state', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    expect([...text.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual([]);
    expect(text).not.toMatch(/\bprocess\.|\bDate\.now|\bMath\.random|new Date\(\)/);
  });

  it("MIN_NODE is package.json's engines.node", () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(`>=${MIN_NODE}`.startsWith(pkg.engines.node)).toBe(true);
  });
});
