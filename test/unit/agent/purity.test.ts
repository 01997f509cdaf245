/** STYLE §1: the guard's decision, parsers, adapters and wording are pure; only the shell (repo, context, resolve, guard, session) touches the world. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const DIR = join(PROJECT_ROOT, 'src', 'agent');
const SHELL = new Set(['repo.ts', 'context.ts', 'resolve.ts', 'guard.ts', 'session.ts']);
const IO_IMPORT = /^import(?!\s+type\b)[^;]*?from\s+'(node:(?:fs|fs\/promises|child_process|os|process)|(?:\.\.\/)+(?:git|verify|state\/store|install|config\/load|cli)\b[^']*|\.\/(?:repo|context|resolve|guard|session)\.js)'/gm;
const files = [...readdirSync(DIR).filter((f) => f.endsWith('.ts') && !SHELL.has(f)), ...readdirSync(join(DIR, 'adapters')).map((f) => `adapters/${f}`)];

describe('src/agent purity', () => {
  it('the check sees the I/O imports of the shell', () => {
    const text = readFileSync(join(DIR, 'resolve.ts'), 'utf8');
    expect([...text.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual(expect.arrayContaining(['node:fs']));
  });

  it.each(files)('%s imports no I/O module and reads no process state', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    expect([...text.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual([]);
    expect(text).not.toMatch(/\bprocess\.|\bDate\.now|\bMath\.random|new Date\(\)/);
  });
});
