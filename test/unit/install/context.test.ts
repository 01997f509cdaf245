import { describe, expect, it } from 'vitest';
import { decideSkip, isCI, parseFlags, projectDir } from '../../../src/install/context.js';

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

describe('parseFlags', () => {
  it('knows --dry-run, --agent and --replace-test-line (install only), and nothing else', () => {
    expect(parseFlags([], 'install')).toEqual({ dryRun: false, agents: [], replaceTestLine: false });
    expect(parseFlags(['--dry-run'], 'install')).toEqual({ dryRun: true, agents: [], replaceTestLine: false });
    expect(parseFlags(['--agent', 'codex', '--agent=claude'], 'install')).toEqual({ dryRun: false, agents: ['claude', 'codex'], replaceTestLine: false });
    expect(parseFlags(['--replace-test-line'], 'install')).toEqual({ dryRun: false, agents: [], replaceTestLine: true });
    expect(() => parseFlags(['--replace-test-line'], 'uninstall')).toThrow(expect.objectContaining({ code: 'USAGE' }));
    expect(() => parseFlags(['--agent', 'aider'], 'install')).toThrow(expect.objectContaining({ code: 'USAGE', exitCode: 2, message: expect.stringContaining('--agent') }));
    expect(() => parseFlags(['--agent'], 'install')).toThrow(expect.objectContaining({ code: 'USAGE' }));
    expect(() => parseFlags(['--force'], 'install')).toThrow(expect.objectContaining({ code: 'USAGE', exitCode: 2 }));
    expect(() => parseFlags(['here'], 'install')).toThrow(expect.objectContaining({ code: 'USAGE' }));
  });
});
