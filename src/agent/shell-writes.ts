/**
 * The files a command names as what it writes: redirections (`>`, `>>`, `&>`, `>|`), `tee`,
 * `sed -i`, `cp`/`mv`/`ln`/`install` (onto a folder too; `mv` deletes its sources), `rm`,
 * `truncate`, `chmod`, `dd of=`. Pure.
 */
import { basename } from 'node:path';
import type { Analysis } from './shell-analysis.js';
import { has, readArgs, valueOf, type OptionSpec } from './shell-args.js';
import type { Redirect, Word } from './shell.js';

const WRITE_REDIRS = new Set(['>', '>>', '>|', '&>', '&>>', '<>', '>&']);

const COPIES: Record<string, OptionSpec> = {
  cp: { short: 'tS', long: ['--target-directory', '--suffix'] },
  mv: { short: 'tS', long: ['--target-directory', '--suffix'] },
  ln: { short: 'tS', long: ['--target-directory', '--suffix'] },
  install: { short: 'tSmog', long: ['--target-directory', '--suffix', '--mode', '--owner', '--group'] },
};

const SED: OptionSpec = { short: 'efl', shortAttached: 'i', long: ['--expression', '--file', '--line-length'] };

/** `> f`, `>> f`, `&> f`: the file; `>&2`, `2>&1`: a descriptor, not a file. */
export function analyzeRedirects(a: Analysis, redirects: Redirect[]): void {
  for (const r of redirects) {
    if (!WRITE_REDIRS.has(r.op)) continue;
    if ((r.op === '>&' || r.op === '<>') && /^([0-9]+|-)$/.test(r.target.text)) continue;
    a.write(r.target);
  }
}

function analyzeCopy(a: Analysis, name: string, args: Word[]): void {
  const r = readArgs(args, COPIES[name]!);
  if (name === 'install' && has(r, '-d', '--directory')) return;
  const dir = valueOf(r, '-t', '--target-directory');
  const ops = r.operands;
  if (typeof dir === 'string') {
    for (const src of ops)
      a.targets.push({ path: a.path({ text: `${dir}/${basename(src.text)}`, dynamic: src.dynamic, glob: src.glob, type: 'word' }), op: 'write' });
  } else if (name === 'ln' && ops.length === 1) {
    a.write({ ...ops[0]!, text: basename(ops[0]!.text) });
  } else if (ops.length >= 2) {
    a.write(ops.at(-1), 'write', ops.slice(0, -1));
  }
  if (name === 'mv') for (const src of dir === undefined ? ops.slice(0, -1) : ops) a.write(src, 'delete');
}

/** The files the command `name` writes, from its arguments. */
export function analyzeWrites(a: Analysis, name: string, args: Word[]): void {
  switch (name) {
    case 'tee':
      for (const w of readArgs(args, {}).operands) a.write(w);
      return;
    case 'sed': {
      const r = readArgs(args, SED);
      if (!has(r, '-i', '--in-place')) return;
      let files = r.operands;
      // BSD sed: `-i ''` (an empty suffix as its own word).
      if (valueOf(r, '-i') === '' && files[0]?.text === '' && !files[0].dynamic) files = files.slice(1);
      if (!has(r, '-e', '--expression', '-f', '--file')) files = files.slice(1);
      for (const w of files) a.write(w);
      return;
    }
    case 'cp':
    case 'mv':
    case 'ln':
    case 'install':
      return analyzeCopy(a, name, args);
    case 'rm':
    case 'unlink':
    case 'shred':
      for (const w of readArgs(args, name === 'shred' ? { short: 'ns', long: ['--iterations', '--size'] } : {}).operands) a.write(w, 'delete');
      return;
    case 'truncate':
      for (const w of readArgs(args, { short: 'sr', long: ['--size', '--reference'] }).operands) a.write(w);
      return;
    case 'chmod': {
      // The mode may look like an option (chmod -x f): it is the first word that is not a flag.
      const words = args.filter(
        (w) => !/^(-[RvcfhH]+|--(recursive|verbose|changes|silent|quiet|dereference|no-dereference|preserve-root|no-preserve-root))$/.test(w.text),
      );
      const ref = words.findIndex((w) => w.text.startsWith('--reference='));
      for (const w of ref >= 0 ? words.filter((_, i) => i !== ref) : words.slice(1)) a.write(w);
      return;
    }
    case 'dd':
      for (const w of args) if (w.text.startsWith('of=')) a.write({ ...w, text: w.text.slice(3) });
      return;
  }
}
