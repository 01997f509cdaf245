/**
 * Every command through the one option parser, as a user meets it: a table over every command of
 * `tdd` (cli/main's COMMANDS), spawned from the bin. Usage errors exit 2 before any git is run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS, commandOf } from '../../src/cli/main.js';
import { parseCommandArgs } from '../../src/cli/options.js';
import { BIN, isolatedEnv } from '../helpers/repo.js';

const dir = mkdtempSync(join(tmpdir(), 'tdd-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tdd = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, env: isolatedEnv(), encoding: 'utf8' });

const modules = await Promise.all(Object.entries(COMMANDS).map(async ([name, load]) => [name, commandOf(await load())] as const));

describe.each(modules)('tdd %s', (name, mod) => {
  it('declares its options as data', () => expect(mod.options).toBeDefined());

  it('refuses an unknown option with exit 2, one line, and the nearest valid one', () => {
    const r = tdd(name, '--jsn', '--json');
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'USAGE', command: name, option: '--jsn', suggestion: '--json' });
    const text = tdd(name, '--jsn');
    expect(text.status).toBe(2);
    expect(text.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('suggests each of its own options from a typo', () => {
    for (const option of Object.keys(mod.options!.options)) {
      const typo = `--${option.slice(0, -1)}`;
      const suggestion = (() => {
        try {
          parseCommandArgs(name, [typo], mod.options!);
        } catch (e) {
          return (e as { data?: { suggestion?: string } }).data?.suggestion;
        }
        return undefined;
      })();
      expect(suggestion, typo).toBe(`--${option}`);
    }
  });

  // red-check and audit take lists (files, revisions).
  it.runIf((mod.options?.positionals ?? 0) !== Infinity)('refuses an argument it does not take', () => {
    const max = mod.options!.positionals ?? 0;
    const args = mod.options!.words ? [mod.options!.words.values[0]!] : [];
    while (args.length <= max) args.push(`arg${args.length}`);
    const r = tdd(name, ...args, '--json');
    expect(r.status, r.stdout + r.stderr).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'USAGE', command: name, argument: args[max] });
  });

  it('prints its help for -h and --help', () => {
    for (const flag of ['-h', '--help']) {
      const r = tdd(name, flag);
      expect(r.status).toBe(0);
      expect(r.stdout.trimEnd()).toBe(mod.help.trimEnd());
    }
  });
});

describe('tdd', () => {
  it('suggests the nearest command', () => {
    const r = tdd('stauts', '--json');
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'USAGE', suggestion: 'status' });
  });
});
