/**
 * schema/tddrc.schema.json and .tddrc.example.json are written by bin/schema.mjs from the built
 * defaults: a key added to the JSON by hand and not to the generator was deleted by its next run
 * (assertFunctionNames, integrity, greenCoverage, greenRuns and audit.allowOff were, once).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/repo.js';

describe('the shipped schema and example', () => {
  it('are what bin/schema.mjs writes (node bin/schema.mjs --check)', () => {
    const r = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'schema.mjs'), '--check'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
