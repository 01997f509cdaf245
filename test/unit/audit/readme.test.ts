/** The README keeps documenting the audit: every code, and the current `tdd audit --help`. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import audit from '../../../src/cli/commands/audit.js';
import { AUDIT_CODES } from '../../../src/audit/messages.js';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
describe('the README documents tdd audit', () => {
  it('has its section', () => expect(readme).toContain('### `tdd audit`'));
  it.each(AUDIT_CODES)('documents %s', (code) => expect(readme).toContain(`\`${code}\``));
  it('shows the current `tdd audit --help`', () => expect(readme).toContain(audit.help.trimEnd()));
});
