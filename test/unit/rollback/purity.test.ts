/** STYLE §1: the plan, the backup record and the wording are pure; the I/O sits in the other rollback files. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const PURE = ['plan.ts', 'meta.ts', 'format.ts', 'types.ts'];
/** Value imports (not `import type`), also spread over several lines. */
const IO_IMPORT = /^import(?!\s+type\b)[^;]*?from\s+'(node:(?:fs|fs\/promises|child_process|os|process)|\.\.\/(?:git|verify|state|install|config|cli)\/[^']*|\.\/(?:apply|backup|read|worktree|target|rollback|undo|list|guard)\.js)'/gm;

describe('src/rollback purity', () => {
  it('the check sees the I/O imports of the shell files', () => {
    const apply = readFileSync(join(PROJECT_ROOT, 'src', 'rollback', 'apply.ts'), 'utf8');
    expect([...apply.matchAll(IO_IMPORT)].map((m) => m[1])).toContain('node:fs/promises');
  });

  it.each(PURE)('%s imports no I/O module and reads no process state', (file) => {
    const text = readFileSync(join(PROJECT_ROOT, 'src', 'rollback', file), 'utf8');
    expect([...text.matchAll(IO_IMPORT)].map((m) => m[1])).toEqual([]);
    expect(text).not.toMatch(/\bprocess\.|\bDate\.now|\bnew Date\(|\bMath\.random/);
  });
});
