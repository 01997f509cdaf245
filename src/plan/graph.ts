/**
 * Graph helpers of the wave planner over nodes 0..n-1, edges task → dependency. Iterative, so a
 * chain of 10,000 tasks does not overflow the stack; linear in nodes + edges.
 */

/**
 * Strongly connected components (Tarjan), each with its members ascending. Components come out
 * dependencies first: a component is emitted after every component it has an edge to.
 */
export function stronglyConnected(adj: readonly (readonly number[])[]): number[][] {
  const n = adj.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const calls: number[] = [];
  const edgeAt: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    calls.push(v);
    edgeAt.push(0);
  };
  for (let s = 0; s < n; s++) {
    if (index[s] !== -1) continue;
    visit(s);
    while (calls.length > 0) {
      const top = calls.length - 1;
      const v = calls[top]!;
      const edges = adj[v]!;
      const e = edgeAt[top]!;
      if (e < edges.length) {
        edgeAt[top] = e + 1;
        const w = edges[e]!;
        if (index[w] === -1) visit(w);
        else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      calls.pop();
      edgeAt.pop();
      if (calls.length > 0) {
        const u = calls[calls.length - 1]!;
        low[u] = Math.min(low[u]!, low[v]!);
      }
      if (low[v] === index[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component.push(w);
        } while (w !== v);
        components.push(component.sort((x, y) => x - y));
      }
    }
  }
  return components;
}

/** A component is a cycle when it has two or more members, or one member that depends on itself. */
export function isCyclic(component: readonly number[], adj: readonly (readonly number[])[]): boolean {
  const first = component[0]!;
  return component.length > 1 || adj[first]!.includes(first);
}

/**
 * One concrete cycle inside a cyclic component, to show the user: the shortest cycle through its
 * smallest member (breadth-first, neighbours ascending, so the choice is deterministic).
 * Returned closed: [a, b, c, a] reads "a depends on b depends on c depends on a".
 */
export function shortestCycle(component: readonly number[], adj: readonly (readonly number[])[]): number[] {
  const start = component[0]!;
  const inside = new Set(component);
  const parent = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    for (const w of adj[v]!) {
      if (w === start) {
        const path = [start];
        for (let x = v; x !== -1; x = parent.get(x)!) path.push(x);
        return path.reverse();
      }
      if (inside.has(w) && !parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start]; // unreachable for a cyclic component
}

/** Kahn layer of every node: 0 without deps, else one more than its deepest dependency. The
 *  members of a cycle share one layer (that of their group in the graph of components). */
export function depths(components: readonly number[][], adj: readonly (readonly number[])[]): number[] {
  const depth = new Array<number>(adj.length).fill(0);
  const inComponent = new Int32Array(adj.length);
  components.forEach((c, i) => c.forEach((v) => (inComponent[v] = i)));
  components.forEach((c, i) => {
    let d = 0;
    for (const v of c) for (const w of adj[v]!) if (inComponent[w] !== i) d = Math.max(d, depth[w]! + 1);
    for (const v of c) depth[v] = d; // dependencies first: every dep's depth is already known
  });
  return depth;
}
