/**
 * Wave assignment of a valid plan (pure): nodes 0..n-1 in id order, each with its paths (files and
 * tests), its dependencies and its Kahn layer → waves of node numbers, each ascending.
 */

/**
 * First fit. Tasks are taken layer by layer, by id inside a layer; each goes to the earliest wave
 * after all its dependencies' waves in which none of its paths is taken yet. So a task that shares
 * a file with an earlier task of its layer moves to a later wave, still after its deps, and may
 * join the next layer's tasks there. Per path, a "next free wave" union-find makes the search
 * near-constant even when one file is shared by thousands of tasks.
 */
export function assignWaves(paths: readonly (readonly string[])[], adj: readonly (readonly number[])[], depth: readonly number[]): number[][] {
  // Only a path named by two tasks (or twice) can conflict; the others need no bookkeeping.
  const uses = new Map<string, number>();
  for (const list of paths) for (const p of list) uses.set(p, (uses.get(p) ?? 0) + 1);
  const taken = new Map<string, Map<number, number>>();
  const layers: number[][] = [];
  depth.forEach((d, v) => (layers[d] ??= []).push(v));
  const waveOf = new Int32Array(paths.length);
  const waves: number[][] = [];
  for (const layer of layers) {
    for (const v of layer ?? []) {
      let w = 0;
      for (const dep of adj[v]!) w = Math.max(w, waveOf[dep]! + 1);
      const contended: Map<number, number>[] = [];
      for (const p of paths[v]!) {
        if (uses.get(p) === 1) continue;
        let next = taken.get(p);
        if (!next) taken.set(p, (next = new Map()));
        contended.push(next);
      }
      for (let moved = true; moved;) {
        moved = false;
        for (const next of contended) {
          const free = firstFree(next, w);
          if (free !== w) [w, moved] = [free, true];
        }
      }
      for (const next of contended) next.set(w, w + 1);
      waveOf[v] = w;
      (waves[w] ??= []).push(v);
    }
  }
  return waves.map((wave) => wave.sort((a, b) => a - b));
}

/** The first wave ≥ w not taken for one path; `next` maps a taken wave to a later candidate. */
function firstFree(next: Map<number, number>, w: number): number {
  let free = w;
  for (let n = next.get(free); n !== undefined; n = next.get(free)) free = n;
  for (let at = w; at !== free;) {
    const n = next.get(at)!;
    next.set(at, free); // path compression
    at = n;
  }
  return free;
}
