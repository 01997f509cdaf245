/** The README keeps documenting the guard: every code, the current `tdd guard --help`, a section per agent. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUARD_CODES } from '../../../src/agent/messages.js';
import guard from '../../../src/cli/commands/guard.js';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');

describe('the README documents the agent guard', () => {
  it.each(GUARD_CODES)('documents %s', (code) => expect(readme).toMatch(new RegExp(`\\| \`${code}\` \\|`)));
  it('shows the current `tdd guard --help`', () => expect(readme).toContain(guard.help.trimEnd()));
  it.each([
    'Claude Code',
    'OpenAI Codex CLI',
    'Gemini CLI',
    'Cursor',
    'GitHub Copilot',
    'Windsurf',
    'Cline',
    'Qwen Code',
    'Factory Droid',
    'Augment',
    'OpenCode',
    'Kiro',
  ])('has a section for %s', (agent) => {
    expect(readme).toMatch(new RegExp(`^### ${agent}`, 'm'));
  });
});
