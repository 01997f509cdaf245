/**
 * The lines a change adds to a file, from `git diff -U0 <old blob> <new blob>`:
 *
 *   @@ -3,0 +4,2 @@ export function sum(a, b) {
 *   +  if (a === 1) return 3
 *   +  return 0
 *
 * `+start,count` (count 1 when absent, 0 for a pure deletion): lines start … start+count-1 of the
 * new blob. Pure.
 */
export function parseAddedLines(diff: string): number[] {
  const lines: number[] = [];
  for (const m of diff.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
    const start = Number(m[1]);
    const count = m[2] === undefined ? 1 : Number(m[2]);
    for (let i = 0; i < count; i++) lines.push(start + i);
  }
  return lines;
}

/** Every line of a new file. */
export function allLines(text: string): number[] {
  const n = text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return Array.from({ length: n }, (_, i) => i + 1);
}
