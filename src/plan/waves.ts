/**
 * The wave planner (pure). Tasks → waves of tasks that can be worked on side by side: every
 * dependency of a task sits in an earlier wave, and the tasks of one wave share no path (source or
 * test). Planning errors are data; with any of them the waves are withheld and a sequential
 * fallback order is given instead, so a build can still proceed one task at a time.
 */
import { assignWaves } from './assign.js';
import { depths, isCyclic, shortestCycle, stronglyConnected } from './graph.js';
import { compareIds, comparePaths } from './order.js';

/** One task of a plan, as parsePlan returns it: ids as strings, paths normalised. */
export interface PlanTask {
  id: string;
  /** What the task does, for commit messages (`{title}`); the planner ignores it. */
  title?: string;
  files: readonly string[];
  tests: readonly string[];
  deps: readonly string[];
}

/** A planning error. Codes are stable; wording lives in plan/format. */
export type PlanError =
  /** The same id on several tasks; `indices` are their positions in the input list (0-based). */
  | { code: 'DUPLICATE_ID'; id: string; indices: number[] }
  /** `id` depends on `dep`, which no task of the plan has as its id. */
  | { code: 'UNKNOWN_DEP'; id: string; dep: string }
  /** Tasks that depend on each other in a circle (one id: it depends on itself). `ids` is the
   *  whole strongly connected group; `cycle` one closed cycle through its first id: [a, b, a]. */
  | { code: 'CYCLE'; ids: string[]; cycle: string[] }
  /** Two or more tasks declare the same test file; test paths are partitioned per task. */
  | { code: 'SHARED_TEST'; path: string; ids: string[] };

export interface WavePlan {
  /** Waves in order, each wave's ids in natural order. Empty when there are errors. */
  waves: string[][];
  /** Every planning error, grouped by code (in the order of the union above), then sorted. */
  errors: PlanError[];
  /** With errors: every distinct id once, one at a time, dependencies first wherever the graph
   *  allows (a cycle's members by id). Empty when the plan is valid: run the waves. */
  fallback: string[];
}

/** The tasks of one id: one, or several when the id is duplicated (merged for the fallback). */
interface Node {
  id: string;
  indices: number[];
  parts: PlanTask[];
}

/**
 * Plan the waves. Deterministic: ids are ordered with compareIds before anything else, so the
 * result depends on the set of tasks, never on their order in the input (duplicate ids are merged
 * into one node for the fallback, their positions reported). O((n + e) log n + p) for n tasks,
 * e dependencies and p paths.
 */
export function planWaves(tasks: readonly PlanTask[]): WavePlan {
  const byId = new Map<string, Node>();
  tasks.forEach((t, index) => {
    const node = byId.get(t.id);
    if (node) {
      node.indices.push(index);
      node.parts.push(t);
    } else byId.set(t.id, { id: t.id, indices: [index], parts: [t] });
  });
  const nodes = [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
  const position = new Map(nodes.map((node, i) => [node.id, i]));
  const ids = nodes.map((node) => node.id);

  const duplicates: PlanError[] = [];
  const unknown: PlanError[] = [];
  const adj = nodes.map((node) => {
    if (node.indices.length > 1) duplicates.push({ code: 'DUPLICATE_ID', id: node.id, indices: node.indices });
    const deps = node.parts.length === 1 ? [...node.parts[0]!.deps] : node.parts.flatMap((t) => t.deps);
    const out: number[] = [];
    let previous: string | undefined;
    for (const dep of deps.sort(compareIds)) {
      if (dep === previous) continue; // a dependency named twice counts once
      previous = dep;
      const at = position.get(dep);
      if (at === undefined) unknown.push({ code: 'UNKNOWN_DEP', id: node.id, dep });
      else out.push(at);
    }
    return out; // ascending, as the deps were sorted in id order
  });

  const components = stronglyConnected(adj);
  const cycles: PlanError[] = components
    .filter((c) => isCyclic(c, adj))
    .sort((a, b) => a[0]! - b[0]!)
    .map((c) => ({ code: 'CYCLE', ids: c.map((v) => ids[v]!), cycle: shortestCycle(c, adj).map((v) => ids[v]!) }));

  const errors = [...duplicates, ...unknown, ...cycles, ...sharedTests(nodes)];
  const depth = depths(components, adj);
  if (errors.length > 0) {
    const order = components.map((c) => ({ members: c, depth: depth[c[0]!]! }));
    order.sort((a, b) => a.depth - b.depth || a.members[0]! - b.members[0]!);
    return { waves: [], errors, fallback: order.flatMap((c) => c.members.map((v) => ids[v]!)) };
  }
  const paths = nodes.map((node) => node.parts.flatMap((t) => [...t.files, ...t.tests]));
  return { waves: assignWaves(paths, adj, depth).map((wave) => wave.map((v) => ids[v]!)), errors: [], fallback: [] };
}

/** Test paths declared by two or more tasks, by path; the ids in natural order. */
function sharedTests(nodes: readonly Node[]): PlanError[] {
  const owners = new Map<string, string[]>();
  for (const node of nodes) {
    for (const task of node.parts) {
      for (const p of task.tests) {
        const list = owners.get(p);
        if (!list) owners.set(p, [node.id]);
        else if (list[list.length - 1] !== node.id) list.push(node.id); // nodes come in id order
      }
    }
  }
  const shared: Extract<PlanError, { code: 'SHARED_TEST' }>[] = [];
  for (const [path, list] of owners) if (list.length > 1) shared.push({ code: 'SHARED_TEST', path, ids: list });
  return shared.sort((a, b) => comparePaths(a.path, b.path));
}
