/** STYLE §1: the planner is pure. Nothing under src/plan touches the file system, processes or git. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const DIR = join(PROJECT_ROOT, 'src', 'plan');
/** Value imports (not `import type`), also spread over several lines. */
const IO_IMPORT = /^import(?!\s+type\b)[^;]*?from\s+'(node:(?:fs|fs\/promises|child_process|os|process)|\.\.\/(?:git|verify|state|install|config|cli)\/[^']*)'/gm;

describe('src/plan purity', () => {
  it('the check sees an I/O import in the waves command', () => {
    const command = readFileSync(join(PROJECT_ROOT, 'src', 'cli', 'commands', 'waves.ts'), 'utf8');
    expect([...command.matchAll(IO_IMPORT)].map((m) => m[1])).toContain('node:fs/promises');
  });

  it.each(readdirSync(DIR).filter((f) => f.endsWith('.ts')))('%s imports no I/O module and reads no process state', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    expect([...text.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual([]);
    expect(text).not.toMatch(/\bprocess\.|\bDate\.now|\bMath\.random/);
  });
});
