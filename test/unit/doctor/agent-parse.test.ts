/** The CLI a guard command names, and Codex's config.toml as doctor reads it (literals). */
import { describe, expect, it } from 'vitest';
import { codexTrust, guardCliPaths, parseCodexConfig } from '../../../src/doctor/agent-parse.js';
import { agentFiles } from '../../../src/install/agent-entries.js';
import { AGENTS } from '../../../src/agent/types.js';

describe('guardCliPaths', () => {
  it.each(AGENTS)('%s: the CLI install wrote, even with a space, quotes and $ in its path', (agent) => {
    const cli = `pkgs/a b"$c/node_modules/tdd-hooks/bin/tdd.js`;
    for (const f of agentFiles(agent, cli)) {
      const text = f.kind === 'own' ? f.content : JSON.stringify({ hooks: f.entries.map((e) => e.handler) });
      // Copilot's and Cline's commands are unquoted or written for their own shell: their path is one word.
      if (agent === 'copilot') continue;
      expect(guardCliPaths(agent, text)).toEqual([cli]);
    }
  });

  it('copilot: the bare word', () => {
    const [f] = agentFiles('copilot', 'node_modules/tdd-hooks/bin/tdd.js');
    expect(guardCliPaths('copilot', (f as { content: string }).content)).toEqual(['node_modules/tdd-hooks/bin/tdd.js']);
  });

  it("another agent's guard, or a command of ours in a form install never writes, names none", () => {
    expect(guardCliPaths('claude', JSON.stringify({ c: 'node "$X/tdd.js" guard codex' }))).toEqual([]);
    expect(guardCliPaths('claude', JSON.stringify({ c: 'npx tdd guard claude' }))).toEqual([]);
  });
});

describe('parseCodexConfig / codexTrust', () => {
  const text = [
    'model = "gpt-5"',
    '[projects."/w/a b"] # mine',
    'trust_level = "trusted"',
    "[projects.'/w/lit']",
    "trust_level = 'untrusted'",
    '[[mcp_servers.x.args]]',
    'hooks = false',
    '[features]',
    'codex_hooks = false',
  ].join('\n');
  const c = parseCodexConfig(text);

  it('reads the trust tables and the hooks switch, nothing else', () => {
    expect(c).toEqual({ trust: { '/w/a b': 'trusted', '/w/lit': 'untrusted' }, hooksOff: true });
    expect(parseCodexConfig('[mcp]\nhooks = false\n').hooksOff).toBe(false);
  });

  it('trusted by the top or the main worktree, a trailing slash alike; untrusted; unknown', () => {
    expect(codexTrust(c, ['/w/other', '/w/a b/'])).toBe('trusted');
    expect(codexTrust(c, ['/w/lit'])).toBe('untrusted');
    expect(codexTrust(c, ['/w'])).toBe('unknown');
  });
});
