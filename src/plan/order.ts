/**
 * The one order of task ids in everything the planner prints: natural order, so "2" < "10" and
 * "task-9" < "task-10" (plan ids are often numbers). Digit runs compare by numeric value, other
 * characters by UTF-16 code unit; ids equal under that rule ("7" and "07") fall back to plain
 * code-unit order, so this is a total order and sorting never depends on the input order.
 * No localeCompare: its result depends on the ICU build, and the output must be byte-identical
 * on every machine.
 */
export function compareIds(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let si = i;
      let sj = j;
      while (a.charCodeAt(si) === 48) si++; // leading zeros do not change the value
      while (b.charCodeAt(sj) === 48) sj++;
      let ei = si;
      let ej = sj;
      while (isDigit(a.charCodeAt(ei))) ei++;
      while (isDigit(b.charCodeAt(ej))) ej++;
      if (ei - si !== ej - sj) return ei - si - (ej - sj); // fewer significant digits: smaller
      for (let k = 0; k < ei - si; k++) {
        const d = a.charCodeAt(si + k) - b.charCodeAt(sj + k);
        if (d !== 0) return d;
      }
      i = ei;
      j = ej;
    } else {
      if (ca !== cb) return ca - cb;
      i++;
      j++;
    }
  }
  const rest = a.length - i - (b.length - j);
  if (rest !== 0) return rest;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Plain UTF-16 code-unit order, for file paths (as git sorts them). */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57; // NaN past the end of the string is not a digit
}
