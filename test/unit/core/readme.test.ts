import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNNERS } from '../../../src/config/schema.js';
import { FINDING_CODES } from '../../../src/report/messages.js';
import { BIN, PROJECT_ROOT } from '../../helpers/repo.js';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');

describe('the README stays true', () => {
  it.each(FINDING_CODES)('documents %s', (code) => expect(readme).toContain(`\`${code}\``));
  it.each([
    'install',
    'uninstall',
    'phase',
    'status',
    'verify',
    'stage',
    'waves',
    'attempt',
    'rollback',
    'report',
    'red-check',
    'audit',
    'doctor',
    'demo',
    'hook',
  ])('shows the current `tdd %s --help`', (cmd) => {
    const help = execFileSync(process.execPath, [BIN, cmd, '--help'], { encoding: 'utf8' }).trimEnd();
    expect(readme).toContain(help);
  });
  it('names every runner where it says which ones it runs', () => {
    const why = readme.slice(readme.indexOf('**Why not.**'), readme.indexOf('## The invariants'));
    for (const runner of RUNNERS) expect(why, runner).toContain(`\`${runner}\``);
  });
  it('gives the two quick-start commands', () => {
    expect(readme).toContain('npm install && npm run demo');
    expect(readme).toContain('npm test');
  });
});
