import { describe, expect, it } from 'vitest';
import { decideSkip, isCI, projectDir } from '../../../src/install/context.js';
import installCommand from '../../../src/cli/commands/install.js';
import uninstallCommand from '../../../src/cli/commands/uninstall.js';
import { parseCommandArgs } from '../../../src/cli/options.js';
import { readAgents } from '../../../src/install/agent-entries.js';

describe('decideSkip', () => {
  it.each<[string, NodeJS.ProcessEnv, string | null]>([
    ['by hand', {}, null],
    ['TDD_HOOKS=0', { TDD_HOOKS: '0' }, 'disabled'],
    ['TDD_HOOKS=1', { TDD_HOOKS: '1' }, null],
    ['CI by hand', { CI: 'true' }, null],
    ['CI in npm prepare', { CI: 'true', npm_lifecycle_event: 'prepare' }, 'ci'],
    ['CI=1 in postinstall', { CI: '1', npm_lifecycle_event: 'postinstall' }, 'ci'],
    ['CI=false in postinstall', { CI: 'false', npm_lifecycle_event: 'postinstall' }, null],
    ['CI in a user script (npm run setup)', { CI: 'true', npm_lifecycle_event: 'setup' }, null],
  ])('%s → %s', (_, env, reason) => {
    expect(decideSkip(env)).toBe(reason);
  });
});

describe('isCI', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['False', false],
    ['true', true],
    ['1', true],
    ['woodpecker', true],
  ])('CI=%s → %s', (ci, expected) => {
    expect(isCI(ci === undefined ? {} : { CI: ci })).toBe(expected);
  });
});

describe('projectDir', () => {
  it.each<[string, NodeJS.ProcessEnv, string]>([
    ['/p/node_modules/x', { npm_lifecycle_event: 'postinstall', INIT_CWD: '/p' }, '/p'],
    ['/p/node_modules/.pnpm/x@1/node_modules/x', { npm_lifecycle_event: 'postinstall', INIT_CWD: '/p' }, '/p'],
    ['/p/packages/app', { npm_lifecycle_event: 'prepare', INIT_CWD: '/p' }, '/p/packages/app'],
    ['/p/node_modules/x', { INIT_CWD: '/p' }, '/p/node_modules/x'],
    ['/p/node_modules/x', { npm_lifecycle_event: 'postinstall' }, '/p/node_modules/x'],
  ])('%s with %j → %s', (cwd, env, dir) => {
    expect(projectDir(cwd, env)).toBe(dir);
  });
});

describe('install --agent', () => {
  const parse = (argv: string[]) => readAgents(parseCommandArgs('install', argv, installCommand.options!).values.agent as string[] | undefined, 'install');
  it("--agent repeated or comma-separated, all; --replace-test-line install's alone; an unknown agent or option, a missing name is a usage error", () => {
    expect(parse([])).toEqual([]);
    expect(parse(['--dry-run'])).toEqual([]);
    expect(parse(['--agent', 'codex', '--agent=claude'])).toEqual(['claude', 'codex']);
    expect(parse(['--agent', 'gemini,cline'])).toEqual(['gemini', 'cline']);
    expect(parseCommandArgs('install', ['--replace-test-line'], installCommand.options!).values['replace-test-line']).toBe(true);
    expect(() => parseCommandArgs('uninstall', ['--replace-test-line'], uninstallCommand.options!)).toThrow(expect.objectContaining({ code: 'USAGE' }));
    expect(() => parse(['--agent', 'aider'])).toThrow(expect.objectContaining({ code: 'USAGE', exitCode: 2, message: expect.stringContaining('--agent') }));
    expect(() => parse(['--agent'])).toThrow(expect.objectContaining({ code: 'USAGE' }));
    expect(() => parse(['--force'])).toThrow(expect.objectContaining({ code: 'USAGE', exitCode: 2 }));
    expect(() => parse(['here'])).toThrow(expect.objectContaining({ code: 'USAGE' }));
  });
});
