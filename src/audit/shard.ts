/**
 * `tdd audit --shard i/n`: the range's commits dealt to n jobs of a CI matrix. Pure and
 * deterministic: the same range gives every job the same partition, each commit is in exactly
 * one shard, and the shards' union is the whole range. Commits whose tests a replay runs are
 * dealt on their own (round-robin in commit order), so each job replays about as many.
 */
import { usageError } from '../errors.js';

export interface Shard {
  /** 1-based, as a matrix lists them: 1/4 … 4/4. */
  index: number;
  total: number;
}

export const MAX_SHARDS = 256;

/** `2/4` → {index: 2, total: 4}; anything else is a usage error. */
export function parseShard(text: string): Shard {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const total = m ? Number(m[2]) : NaN;
  if (!m || total < 1 || total > MAX_SHARDS || index < 1 || index > total) {
    throw usageError(`--shard ${text}: expected i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS}`, 'e.g. tdd audit --replay --shard 2/4 (the second of four jobs)');
  }
  return { index, total };
}

/** Commit → its shard (1-based). `commits` in range order; `replayed` the ones a replay runs tests at. */
export function assignShards(commits: readonly string[], replayed: ReadonlySet<string>, total: number): Map<string, number> {
  const owner = new Map<string, number>();
  let plans = 0;
  let others = 0;
  for (const sha of commits) {
    if (owner.has(sha)) continue;
    owner.set(sha, 1 + ((replayed.has(sha) ? plans++ : others++) % total));
  }
  return owner;
}
