/**
 * What a path must contain for a glob to match it, read from the glob's literal text: a test
 * cheaper than the glob's regular expression, asked first. V8 compiles an expression on its first
 * use (~160 k instructions each), and a commit that touches README.md would otherwise compile every
 * test, support and ignore glob of the configuration (~40) to find it is a doc.
 *
 * Only a necessary condition, never a verdict: a path that has the pieces is still tested by the
 * expression. So it must never reject a path picomatch matches; wherever the glob's text is not
 * plain enough to be sure of that, there is no condition (null) and the expression alone decides.
 */

/** Alternatives (of `{a,b}`), each the literal pieces a path must all contain; null: no condition. */
export type Needs = readonly (readonly string[])[] | null;

/** Literal characters, path separators and the wildcards `*` `?`; anything else (classes, extglobs, escapes, negation) is not read. */
const PLAIN = /^[\w.\-/*?~ ]*$/;
const MAX_ALTERNATIVES = 64;

export function globNeeds(glob: string): Needs {
  const alternatives = expandBraces(glob);
  if (!alternatives) return null;
  const needs: string[][] = [];
  for (const alt of alternatives) {
    if (!PLAIN.test(alt)) return null;
    const pieces: string[] = [];
    for (const segment of alt.split('/')) {
      // `./a` and `a/../b` are normalised by the glob compiler: a dot segment holds nothing to find.
      if (segment === '.' || segment === '..') continue;
      for (const piece of segment.split(/[*?]+/)) if (piece) pieces.push(piece);
    }
    // An alternative with nothing literal (`**`, `*`) may match any path.
    if (pieces.length === 0) return null;
    needs.push(pieces);
  }
  return needs;
}

/** Whether a path has every piece of one of the alternatives. */
export function meets(needs: Needs, path: string): boolean {
  return needs === null || needs.some((pieces) => pieces.every((p) => path.includes(p)));
}

/**
 * `a{b,c}d{e,f}` → abde, abdf, acde, acdf; a glob without braces is itself. Null where the braces
 * are not plain lists (nested, unbalanced, ranges `{1..3}`, a single member) or expand too far.
 */
function expandBraces(glob: string): string[] | null {
  const open = glob.indexOf('{');
  if (open === -1) return glob.includes('}') ? null : [glob];
  const close = glob.indexOf('}', open);
  if (close === -1) return null;
  const body = glob.slice(open + 1, close);
  if (body.includes('{') || body.includes('..') || !body.includes(',')) return null;
  const rest = expandBraces(glob.slice(close + 1));
  if (!rest) return null;
  const head = glob.slice(0, open);
  const out: string[] = [];
  for (const member of body.split(',')) for (const tail of rest) out.push(head + member + tail);
  return out.length > MAX_ALTERNATIVES ? null : out;
}
