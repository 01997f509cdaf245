import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTemplates } from '../../../src/install/package-files.js';
import { classifyHookOwner, isTddShim, renderHuskyBlock, renderShim, shQuote } from '../../../src/install/shim.js';
import { BLOCK_BEGIN, BLOCK_END } from '../../../src/install/block.js';

const templates = readTemplates();

describe('shQuote', () => {
  it.each([
    ['node_modules/tdd-hooks/bin/tdd.js', 'node_modules/tdd-hooks/bin/tdd.js'],
    ['/home/a b/x', "'/home/a b/x'"],
    ["/it's", "'/it'\\''s'"],
    ['/$(rm -rf)/`x`', "'/$(rm -rf)/`x`'"],
    ['', "''"],
  ])('%s → %s', (value, quoted) => {
    expect(shQuote(value)).toBe(quoted);
  });
});

/** The lines that run: no comments, no messages. */
const codeLines = (script: string) => script.split('\n').filter((l) => !/^\s*(#|echo )/.test(l));

/** `$(…)` or backticks, or git as a command word (not `.git` in a path, not `GIT_DIR`). */
const startsSubshellOrGit = (line: string) => /\$\(|`|(^|[\s;&|({!"'/])git([\s;&|)"']|$)/.test(line);

describe('startsSubshellOrGit', () => {
  it.each([
    ['d=$(git rev-parse --git-dir)', true],
    ['[ -d "`git rev-parse --git-dir`" ]', true],
    ['git rev-parse -q --verify HEAD || exit 0', true],
    ['if git rev-parse --git-path tdd >/dev/null; then :; fi', true],
    ['[ -f x ] || /usr/bin/git hook run pre-commit', true],
    ['d=$GIT_DIR', false],
    ['[ -f "${GIT_DIR:-.git}/tdd/pending.json" ] || exit 0', false],
    ['[ ! -d "${GIT_DIR:-.git}" ]', false],
  ])('%s → %s', (line, flagged) => {
    expect(startsSubshellOrGit(line)).toBe(flagged);
  });
});

describe('renderShim', () => {
  const shim = renderShim(templates.shim, { hook: 'commit-msg', cli: 'bin/tdd.js', cliFallback: "/x/it's/bin/tdd.js", nodeFallback: '' });

  it('fills every placeholder, quoting paths', () => {
    expect(shim).not.toMatch(/@[A-Z_]+@/);
    expect(shim).toContain('hook=commit-msg\n');
    expect(shim).toContain("cli_fallback='/x/it'\\''s/bin/tdd.js'\n");
    expect(shim).toContain("node_fallback=''\n");
    expect(shim.startsWith('#!/bin/sh\n')).toBe(true);
  });

  it('carries the fingerprint, and nothing else does', () => {
    expect(isTddShim(shim)).toBe(true);
    expect(isTddShim('#!/bin/sh\nnpx tdd-hooks hook pre-commit\n')).toBe(false);
  });

  it('starts no subshell, and git only in the background for pre-commit: builtins and one exec', () => {
    const code = codeLines(shim);
    // The prefetch block: opened by a test of "$hook" = pre-commit, closed by the background `&`.
    const open = code.findIndex((l) => l.startsWith('if [ "$hook" = pre-commit ]'));
    const close = code.findIndex((l, i) => i > open && /^\s*\} .*&$/.test(l));
    expect(open).toBeGreaterThan(-1);
    expect(close).toBeGreaterThan(open);
    const outside = code.filter((_, i) => i < open || i > close);
    expect(outside.filter(startsSubshellOrGit)).toEqual([]);
    expect(code.slice(open, close + 1).filter((l) => /\$\(|`/.test(l))).toEqual([]);
    // The CLI found; or (a global install that moved) the tdd-hooks on PATH; or, in a Yarn PnP project, through .pnp.cjs.
    const execs = code.filter((l) => /\bexec\b/.test(l));
    expect(execs.map((l) => l.slice(l.indexOf('exec ')).split(' ').slice(0, 3).join(' '))).toEqual([
      'exec tdd-hooks hook',
      'exec "$node" --require',
      'exec "$node" "$cli"',
    ]);
    expect(execs.at(-1)).toBe('exec "$node" "$cli" hook "$hook" $prefetched "$@"');
  });

  it('commit-msg and post-commit look for the verdict with `[` tests alone, after the chained hook and TDD_HOOKS=0', () => {
    const code = codeLines(shim);
    const at = (text: string) => code.findIndex((l) => l.includes(text));
    const [chained, disabled, check] = [at('"$chained" "$@"'), at('TDD_HOOKS-}" = 0 ] && exit 0'), at('/tdd/pending.json')];
    expect(Math.min(chained, disabled)).toBeGreaterThan(-1);
    expect(check).toBeGreaterThan(Math.max(chained, disabled));
    const parts = code[check]!.split(' || ');
    expect(parts.pop()).toBe('exit 0');
    expect(parts.filter((p) => !/^\[ [^;&|]* \]$/.test(p))).toEqual([]);
  });

  it('the shipped template is LF-only POSIX sh', () => {
    expect(readFileSync(new URL('../../../hooks/shim.sh', import.meta.url), 'utf8')).not.toContain('\r');
  });
});

describe('renderHuskyBlock', () => {
  it('is a marked block naming only a relative CLI path', () => {
    const block = renderHuskyBlock(templates.huskyBlock, { hook: 'pre-commit', cli: 'node_modules/tdd-hooks/bin/tdd.js' });
    expect(block.startsWith(`${BLOCK_BEGIN}\n`)).toBe(true);
    expect(block.endsWith(`${BLOCK_END}\n`)).toBe(true);
    expect(block).toContain('node node_modules/tdd-hooks/bin/tdd.js hook pre-commit "$@" || exit $?');
    expect(block).not.toMatch(/@[A-Z_]+@|\bexec\b|^\s*exit 0/m);
  });

  it('starts no subshell and no git', () => {
    const block = renderHuskyBlock(templates.huskyBlock, { hook: 'commit-msg', cli: 'node_modules/tdd-hooks/bin/tdd.js' });
    expect(codeLines(block).filter(startsSubshellOrGit)).toEqual([]);
  });
});

describe('classifyHookOwner', () => {
  it.each([
    ['#!/bin/sh\nif [ "$LEFTHOOK" = "0" ]; then exit 0; fi\n', 'lefthook'],
    ['#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\n', 'pre-commit'],
    ['#!/bin/sh\nif [ "$SKIP_SIMPLE_GIT_HOOKS" = "1" ]; then exit 0; fi\n', 'simple-git-hooks'],
    ['#!/bin/sh\n# husky\n. "$(dirname "$0")/_/husky.sh"\n', 'husky'],
    ['#!/bin/sh\nmake lint\n', 'unknown'],
  ])('%j → %s', (content, owner) => {
    expect(classifyHookOwner(content)).toBe(owner);
  });
});
