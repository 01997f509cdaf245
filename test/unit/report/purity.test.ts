/** STYLE §1: the report's model and renderings are pure. The command (src/cli/commands/report.ts) reads and writes. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const DIR = join(PROJECT_ROOT, 'src', 'report');
const IO_IMPORT = /^import(?!\s+type\b)[^;]*?from\s+'(node:(?:fs|fs\/promises|child_process|os|process)|(?:\.\.\/)+(?:git|verify|state\/store|install|config\/load|cli)\b[^']*)'/gm;
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.ts'));

describe('src/report purity', () => {
  it('the check sees the I/O imports of the report command', () => {
    const command = readFileSync(join(PROJECT_ROOT, 'src', 'cli', 'commands', 'report.ts'), 'utf8');
    expect([...command.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual(expect.arrayContaining(['node:fs/promises', '../../git/exec.js']));
  });

  it.each(FILES)('%s imports no I/O module and reads no clock or process state', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    expect([...text.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual([]);
    expect(text).not.toMatch(/\bprocess\.|\bDate\.now|\bnew Date\(\)|\bMath\.random/);
  });
});
