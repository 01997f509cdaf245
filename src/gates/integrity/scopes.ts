/**
 * Where in a file a match stands: inside a Rust `#[cfg(test)]` item (test code that shares the
 * file), or at module level (code that runs when the module is imported, not when it is called).
 * Pure scans of blanked text: braces and indentation only, no parse.
 */

/** Offset ranges of items under `#[cfg(test)]`: a `mod x { … }` block, or one item up to its `;` or its block. */
export function rustTestRanges(blanked: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of blanked.matchAll(/#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]/g)) {
    const start = m.index;
    let i = start + m[0].length;
    while (i < blanked.length && blanked[i] !== '{' && blanked[i] !== ';') i++;
    if (blanked[i] === ';') {
      out.push([start, i]);
      continue;
    }
    out.push([start, matchingBrace(blanked, i)]);
  }
  return out;
}

/** The offset of the `}` that closes the `{` at `open` (the text's end when none does). */
export function matchingBrace(blanked: string, open: number): number {
  let depth = 0;
  for (let i = open; i < blanked.length; i++) {
    if (blanked[i] === '{') depth++;
    else if (blanked[i] === '}' && --depth === 0) return i;
  }
  return blanked.length;
}

export const inRanges = (ranges: readonly [number, number][], offset: number): boolean => ranges.some(([a, b]) => offset >= a && offset <= b);

// A `{` that opens a function body: after `)` of a parameter list that is not `if (…)`, `for (…)`…, or after `=>`.
const BLOCK_KEYWORDS = /\b(?:if|for|while|switch|catch|with)\s*$/;

/**
 * Brace-language files: the ranges of function bodies (JS/TS, Java, Kotlin, C#, Go). What lies
 * outside them runs at import (a module's top level, a class's static block…).
 */
export function functionBodies(blanked: string): [number, number][] {
  const out: [number, number][] = [];
  for (let i = blanked.indexOf('{'); i !== -1; i = blanked.indexOf('{', i + 1)) {
    const before = blanked.slice(Math.max(0, i - 400), i).trimEnd();
    if (before.endsWith('=>') || (before.endsWith(')') && !BLOCK_KEYWORDS.test(beforeParen(before))) || /\b(?:get|set)\s*$/.test(before)) {
      out.push([i, matchingBrace(blanked, i)]);
    } else if (/\)\s*(?::\s*[\w.<>[\]?, |&]+|->\s*[\w.<>[\]?, ]+|throws\s+[\w., ]+)$/.test(before)) {
      // A return type between the parameters and the body: `f(): number {`, `fn f() -> u8 {`, `void f() throws E {`.
      out.push([i, matchingBrace(blanked, i)]);
    }
  }
  return out;
}

// The text before the `(` that matches the final `)` of `s`.
function beforeParen(s: string): string {
  let depth = 0;
  for (let i = s.length - 1; i >= 0; i--) {
    if (s[i] === ')') depth++;
    else if (s[i] === '(' && --depth === 0) return s.slice(0, i);
  }
  return '';
}

/**
 * Python: which lines run at import — not those in a `def` (or a `lambda` block) or under
 * `if __name__ == "__main__":` (the script's entry, not the import). One pass over the
 * indentation of the blanked text (comments and strings are gone, so a `def` in a docstring is
 * not one); returns a test by offset.
 */
export function pythonImportLines(blanked: string): (offset: number) => boolean {
  const starts: number[] = [];
  const atImport: boolean[] = [];
  // Open blocks: their indentation, and whether what they hold runs at import; `quiet` counts those that do not.
  const stack: { indent: number; runs: boolean }[] = [];
  let quiet = 0;
  let header: { indent: number } | undefined;
  let offset = 0;
  for (const line of blanked.split('\n')) {
    starts.push(offset);
    offset += line.length + 1;
    const body = line.trimEnd();
    let indent = 0;
    while (indent < body.length && (body[indent] === ' ' || body[indent] === '\t')) indent++;
    if (indent === body.length) {
      atImport.push(quiet === 0);
      continue;
    }
    const opens = body.endsWith(':');
    // A signature over several lines: its block opens where a line ends with `:`.
    if (header) {
      atImport.push(false);
      if (opens) {
        stack.push({ indent: header.indent, runs: false });
        quiet++;
        header = undefined;
      }
      continue;
    }
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) if (!stack.pop()!.runs) quiet--;
    atImport.push(quiet === 0);
    const head = body.slice(indent, indent + 12);
    const isDef = /^(?:async\s+def|def)\b/.test(head);
    if (opens) {
      const runs = !isDef && !/^(?:lambda\b|if\s+__name__)/.test(head);
      stack.push({ indent, runs });
      if (!runs) quiet++;
    } else if (isDef) header = { indent };
  }
  return (at) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return atImport[lo]!;
  };
}
