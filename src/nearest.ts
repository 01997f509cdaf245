/**
 * "Did you mean": the known word nearest to a mistyped one, for options (`--jsn` → `--json`),
 * commands and configuration keys (`timeoutSecs` → `timeoutSeconds`). Pure.
 */

/** Edits (insert, delete, substitute, swap two neighbours) between a and b, stopping past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The candidate a mistyped word most likely meant, or undefined when none is close: at most a
 * third of the word's letters edited (one for short words), case aside; or one is the start of the
 * other (`--dry` → `--dry-run`, `timeout` → `timeoutSeconds`). Ties go to the first candidate.
 */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  if (w.length === 0) return undefined;
  const limit = Math.max(1, Math.floor(w.length / 3));
  let found: string | undefined;
  let distance = Infinity;
  for (const c of candidates) {
    const lc = c.toLowerCase();
    let d = editDistance(w, lc, limit);
    if (d > limit && Math.min(w.length, lc.length) >= 3 && (lc.startsWith(w) || w.startsWith(lc))) d = limit;
    if (d <= limit && d < distance) {
      found = c;
      distance = d;
    }
  }
  return found;
}
