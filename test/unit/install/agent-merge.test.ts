/** tdd-hooks' entries in an agent's settings: merged in, idempotent, found again and taken out exactly. */
import { describe, expect, it } from 'vitest';
import { AGENTS } from '../../../src/agent/types.js';
import { agentFiles, isOurCommand, parseAgentNames, type AgentFile } from '../../../src/install/agent-entries.js';
import { indentOf, mergeEntries, parseSettings, removeEntries, renderSettings } from '../../../src/install/agent-merge.js';

const CLI = 'node_modules/tdd-hooks/bin/tdd.js';
type JsonFile = Exclude<AgentFile, { kind: 'own' }>;
const fileOf = (agent: (typeof AGENTS)[number]) => agentFiles(agent, CLI)[0] as JsonFile;

/** install then uninstall on `text`: the bytes after each step. */
function roundTrip(agent: (typeof AGENTS)[number], text: string | null): { installed: string; again: boolean; removed: string | null } {
  const file = fileOf(agent);
  const merged = mergeEntries(file, agent, parseSettings(text));
  const installed = renderSettings(merged.root, text);
  const again = mergeEntries(file, agent, parseSettings(installed)).changed;
  const r = removeEntries(file, agent, parseSettings(installed));
  return { installed, again, removed: r.empty ? null : renderSettings(r.root, installed) };
}

const USER_CLAUDE = `{
    "permissions": { "allow": ["Bash(npm test)"] },
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "./lint.sh" } ] }
        ],
        "Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ]
    }
}
`;

describe('agent settings files', () => {
  it.each(['claude', 'codex', 'gemini', 'cursor', 'windsurf'] as const)(
    '%s: a new file is created, unchanged the second time, and deleted by uninstall',
    (agent) => {
      const { installed, again, removed } = roundTrip(agent, null);
      expect(installed).toMatch(new RegExp(`guard ${agent}`));
      expect(again).toBe(false);
      expect(removed).toBeNull();
    },
  );

  it("keeps the user's own hooks and settings in place, and gives back the same bytes", () => {
    const reformatted = renderSettings(parseSettings(USER_CLAUDE), USER_CLAUDE);
    const { installed, again, removed } = roundTrip('claude', reformatted);
    const v = JSON.parse(installed);
    expect(v.permissions).toEqual({ allow: ['Bash(npm test)'] });
    expect(v.hooks.PreToolUse[0]).toEqual({ matcher: 'Bash', hooks: [{ type: 'command', command: './lint.sh' }] });
    expect(v.hooks.PreToolUse[1].hooks[0].command).toContain('guard claude');
    expect(v.hooks.Stop).toEqual([{ hooks: [{ type: 'command', command: 'say done' }] }]);
    expect(indentOf(installed)).toBe('    ');
    expect(again).toBe(false);
    expect(removed).toBe(reformatted);
  });

  it('an earlier install with another CLI path or matcher is updated in place, not added twice', () => {
    const file = fileOf('claude');
    const old = mergeEntries(agentFiles('claude', 'packages/app/node_modules/tdd-hooks/bin/tdd.js')[0] as JsonFile, 'claude', {}).root;
    const next = mergeEntries(file, 'claude', old);
    expect(next.changed).toBe(true);
    const commands = JSON.stringify(next.root).match(/guard claude/g) ?? [];
    expect(commands).toHaveLength(2);
    expect(JSON.stringify(next.root)).not.toContain('packages/app');
  });

  it('a handler of ours inside a group the user shares is taken out alone', () => {
    const file = fileOf('claude');
    const root = {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: './lint.sh' },
              { type: 'command', command: `node ${CLI} guard claude` },
            ],
          },
        ],
      },
    };
    expect(removeEntries(file, 'claude', root)).toMatchObject({
      changed: true,
      empty: false,
      root: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './lint.sh' }] }] } },
    });
  });

  it('Cursor: a file tdd-hooks created with version 1 is deleted; one with the user’s hooks keeps them', () => {
    const file = fileOf('cursor');
    const created = mergeEntries(file, 'cursor', {}).root;
    expect(created).toMatchObject({ version: 1 });
    expect(removeEntries(file, 'cursor', created).empty).toBe(true);
    const user = { version: 1, hooks: { afterFileEdit: [{ command: './format.sh' }] } };
    const withOurs = mergeEntries(file, 'cursor', user).root;
    expect(removeEntries(file, 'cursor', withOurs)).toMatchObject({ empty: false, root: user });
  });

  it.each([
    ['not JSON', '{ "hooks": '],
    ['not an object', '[]'],
    ['hooks not an object', '{ "hooks": [] }'],
    ['an event that is not a list', '{ "hooks": { "PreToolUse": {} } }'],
  ])('refuses a file that is %s', (_, text) => {
    expect(() => mergeEntries(fileOf('claude'), 'claude', parseSettings(text))).toThrow();
  });
});

describe('the commands written', () => {
  it.each(AGENTS)('%s: every file names this package’s CLI and the guard, and ends in a deny when the guard cannot run', (agent) => {
    for (const file of agentFiles(agent, CLI)) {
      const text = file.kind === 'own' ? file.content : JSON.stringify(file.entries);
      expect(isOurCommand(agent, text)).toBe(true);
      expect(text).toContain(CLI);
      // OpenCode's plugin throws instead: when the guard denies, fails or cannot start.
      expect(text).toMatch(agent === 'opencode' ? /if \(r\.status === 0\) return;\s+throw new Error/ : /\|\| (exit 2|echo|printf)/);
    }
  });

  it('reads --agent values: repeated, comma-separated, all, case-insensitive; unknown names apart', () => {
    expect(parseAgentNames(['codex,Claude', 'claude'])).toEqual({ agents: ['claude', 'codex'], unknown: [] });
    expect(parseAgentNames(['all']).agents).toEqual([...AGENTS]);
    expect(parseAgentNames(['claude', 'aider']).unknown).toEqual(['aider']);
  });
});
