/** How tdd-hooks was installed → how every hint spells its commands. */
import { describe, expect, it } from 'vitest';
import { classifyInstall, mentionsCommand, spellCommands, type InstallFacts, type InstallKind } from '../../../src/install/spelling.js';

const facts = (packageRoot: string, files: string[] = [], userAgent?: string, pnp = false): InstallFacts => ({
  packageRoot,
  userAgent,
  pnp,
  projectHas: (f) => files.includes(f),
});

describe('classifyInstall', () => {
  it.each<[string, InstallFacts, InstallKind]>([
    ['npm i -g (lib/node_modules, no package.json beside it)', facts('/usr/local/lib/node_modules/tdd-hooks'), 'global'],
    ['a checkout of tdd-hooks itself', facts('/home/me/tdd-hooks'), 'global'],
    ['npm i -D', facts('/p/node_modules/tdd-hooks', ['package.json', 'package-lock.json']), 'npm'],
    ['the npx cache', facts('/root/.npm/_npx/1a2b/node_modules/tdd-hooks', ['package.json']), 'npm'],
    ['pnpm add -D', facts('/p/node_modules/.pnpm/tdd-hooks@0.1.0/node_modules/tdd-hooks', ['package.json', 'pnpm-lock.yaml']), 'pnpm'],
    ['started by pnpm (user agent)', facts('/p/node_modules/tdd-hooks', ['package.json'], 'pnpm/10.3.0 npm/? node/v20.20.2 linux x64'), 'pnpm'],
    ['yarn classic', facts('/p/node_modules/tdd-hooks', ['package.json', 'yarn.lock']), 'yarn'],
    ["Yarn Plug'n'Play", facts('/root/.yarn/berry/cache/tdd-hooks-npm-0.1.0-abc.zip/node_modules/tdd-hooks', [], undefined, true), 'yarn'],
    ['bun', facts('/p/node_modules/tdd-hooks', ['package.json', 'bun.lock']), 'bun'],
  ])('%s', (_, f, kind) => expect(classifyInstall(f)).toBe(kind));
});

describe('spellCommands', () => {
  it.each<[InstallKind, string]>([
    ['global', 'next: `tdd phase red`, or tdd-hooks install again (see tdd status --help)'],
    ['npm', 'next: `npx tdd phase red`, or npx tdd-hooks install again (see npx tdd status --help)'],
    ['pnpm', 'next: `pnpm exec tdd phase red`, or pnpm exec tdd-hooks install again (see pnpm exec tdd status --help)'],
    ['yarn', 'next: `yarn tdd phase red`, or yarn tdd-hooks install again (see yarn tdd status --help)'],
  ])('%s', (kind, expected) => {
    expect(spellCommands('next: `tdd phase red`, or npx tdd-hooks install again (see tdd status --help)', kind)).toBe(expected);
  });

  it('leaves titles, prefixes and words that are no command alone', () => {
    const text = 'tdd audit HEAD: 3 commits\n    tdd audit HEAD: 2 commits\ntdd: ✓ RED\nthe tdd way of working';
    expect(spellCommands(text, 'npm')).toBe(text);
  });
});

describe('mentionsCommand', () => {
  it.each([
    'next: `tdd phase red`',
    '(see tdd status --help)',
    'run npx tdd-hooks install again',
    'tdd: ✓ RED   · only ignored files (docs, CI config) staged: no test run [IGNORED_ONLY]',
    'tdd audit HEAD: 3 commits',
    'the tdd way of working',
    'tdd-hooks: hooks in .git/hooks',
    '',
  ])('%j: true exactly when spellCommands would change it', (text) => {
    expect(mentionsCommand(text)).toBe(spellCommands(text, 'pnpm') !== text);
  });
});
