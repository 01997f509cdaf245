/**
 * IMPL_EXIT_AT_IMPORT: implementation that ends the process when it is loaded — `process.exit`
 * at a module's top level, `sys.exit`/`os._exit`/`raise SystemExit` at a Python module's (not in a
 * `def`, not under `if __name__ == "__main__":`), `os.Exit` in a Go `init()`, `System.exit` in a
 * Java static block, `exitProcess` in a Kotlin `init {}` or at top level, `Environment.Exit` in a
 * C# static constructor, `exit`/`abort` at a Ruby file's top level. A test run that ends before
 * its tests report can read as a pass; the runners' load error (GREEN_FILE_ERROR) stays as well.
 * Rust runs no code at load.
 */
import type { Finding } from '../../types.js';
import { evaluateRule, type Scans } from './rule.js';
import { functionBodies, inRanges, matchingBrace, pythonImportLines } from './scopes.js';
import type { Hit, ImplText, IntegrityInput, Scan } from './source.js';

const text = (m: RegExpMatchArray) => m[0].replace(/\s+/g, '').replace(/\($/, '');

/** A script run by its `#!` line is a program's entry, never a module the tests import. */
const isScript = (src: ImplText) => src.text.startsWith('#!');

// `if (require.main === module) { … }`, `if (import.meta.main)`: a script's entry, run when executed, not when imported.
const ENTRY_GUARD = /\bif\s*\([^()\n]*(?:\brequire\s*\.\s*main\b|\bimport\s*\.\s*meta\s*\.\s*(?:main|url|filename)\b)[^\n]*?\)\s*(\{)?/g;

function entryGuards(blanked: string): [number, number][] {
  return [...blanked.matchAll(ENTRY_GUARD)].map((m): [number, number] => {
    const end = m[1] ? matchingBrace(blanked, m.index + m[0].length - 1) : blanked.indexOf('\n', m.index);
    return [m.index, end === -1 ? blanked.length : end];
  });
}

/** Calls of `exit` outside every function body (the module's own code, a class's static block), not an arrow's value. */
function outsideFunctions(exit: RegExp): Scan {
  return (src: ImplText): Hit[] => {
    if (isScript(src)) return [];
    const bodies = [...functionBodies(src.blanked), ...entryGuards(src.blanked)];
    return [...src.blanked.matchAll(exit)]
      .filter((m) => !inRanges(bodies, m.index) && !/=>\s*$|->\s*$/.test(src.blanked.slice(Math.max(0, m.index - 40), m.index)))
      .map((m) => ({ offset: m.index, text: text(m) }));
  };
}

/** Calls of `exit` inside the blocks `opener` starts (`func init() {`, `static {`). */
function insideBlocks(opener: RegExp, exit: RegExp): Scan {
  return (src: ImplText): Hit[] => {
    const blocks = [...src.blanked.matchAll(opener)].map((m): [number, number] => {
      const open = m.index + m[0].length - 1;
      return [open, matchingBrace(src.blanked, open)];
    });
    return [...src.blanked.matchAll(exit)].filter((m) => inRanges(blocks, m.index)).map((m) => ({ offset: m.index, text: text(m) }));
  };
}

function scanPython(src: ImplText): Hit[] {
  if (isScript(src)) return [];
  // `def exit(self, code=0):` in a class body (click's Context) defines a method; it calls nothing.
  const exit = /(?<![\w.])(?<!\b(?:def|class)\s+)(?:sys\s*\.\s*exit|os\s*\.\s*_exit|os\s*\.\s*abort|exit|quit)\s*\(|\braise\s+SystemExit\b/g;
  // `signal.signal(SIGINT, lambda *_: sys.exit(1))`: a lambda's body runs when called.
  const inLambda = (at: number) => /\blambda\b[^\n]*$/.test(src.blanked.slice(src.blanked.lastIndexOf('\n', at) + 1, at));
  const matches = [...src.blanked.matchAll(exit)];
  if (matches.length === 0) return [];
  const atImport = pythonImportLines(src.blanked);
  return matches.filter((m) => atImport(m.index) && !inLambda(m.index)).map((m) => ({ offset: m.index, text: text(m) }));
}

function scanRuby(src: ImplText): Hit[] {
  if (isScript(src)) return [];
  const hits: Hit[] = [];
  let depth = 0;
  let offset = 0;
  for (const line of src.blanked.split('\n')) {
    const exit = /^\s*(?:exit!?|abort|Process\s*\.\s*exit!?|Kernel\s*\.\s*exit!?)\b/.exec(line);
    if (exit && depth === 0) hits.push({ offset: offset + exit.index, text: exit[0].trim() });
    if (/^\s*(?:def|class|module|if|unless|while|until|case|begin|for)\b/.test(line) && !/\bend\s*$/.test(line)) depth++;
    else if (/\bdo\s*(?:\|[^|]*\|)?\s*$/.test(line)) depth++;
    if (/^\s*end\b/.test(line)) depth = Math.max(0, depth - 1);
    offset += line.length + 1;
  }
  return hits;
}

/**
 * PHP: `exit`/`die` outside every `{ … }` of a file that declares a class, function or namespace
 * (a library file: its top level runs when it is included). A script's top level (bin/console,
 * index.php, no declarations) is a program's entry point and is left alone.
 */
function scanPhp(src: ImplText): Hit[] {
  if (isScript(src) || !/\b(?:class|interface|trait|function|namespace)\s+\w/.test(src.blanked)) return [];
  const hits: Hit[] = [];
  let depth = 0;
  const token = /[{}]|(?<![\w$>:\\])(?:exit|die)\b\s*(?=[(;])/g;
  for (const m of src.blanked.matchAll(token)) {
    if (m[0] === '{') depth++;
    else if (m[0] === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) hits.push({ offset: m.index, text: m[0].trim() });
  }
  return hits;
}

const SCANS: Scans = {
  js: outsideFunctions(/(?<![\w$.])process\s*\.\s*(?:exit|reallyExit|abort)\s*\(|(?<![\w$.])process\s*\.\s*kill\s*\(\s*process\s*\.\s*pid\b/g),
  python: scanPython,
  go: insideBlocks(/\bfunc\s+init\s*\(\s*\)\s*\{/g, /\bos\s*\.\s*Exit\s*\(|\bsyscall\s*\.\s*Exit\s*\(/g),
  rust: null,
  java: insideBlocks(/\bstatic\s*\{/g, /\bSystem\s*\.\s*exit\s*\(|\bRuntime\s*\.\s*getRuntime\s*\(\s*\)\s*\.\s*(?:halt|exit)\s*\(/g),
  kotlin: outsideFunctions(/\b(?:exitProcess|System\s*\.\s*exit)\s*\(/g),
  csharp: insideBlocks(/\bstatic\s+\w+\s*\(\s*\)\s*\{/g, /\bEnvironment\s*\.\s*(?:Exit|FailFast)\s*\(/g),
  ruby: scanRuby,
  abap: null,
  php: scanPhp,
};

export function evaluateImplExitAtImport(input: IntegrityInput): Finding<'IMPL_EXIT_AT_IMPORT'>[] {
  return evaluateRule('IMPL_EXIT_AT_IMPORT', input, SCANS);
}
