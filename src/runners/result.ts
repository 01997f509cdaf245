/** What every adapter answers when a report cannot be trusted. Pure. */
import type { ParsedRun } from './types.js';

/** No result for `files`: "could not verify" (or the given status), never a pass. */
export function unknownRun(o: { exitCode: number | null }, files: string[], reason: string, status: ParsedRun['status'] = 'unknown'): ParsedRun {
  return { status, exitCode: o.exitCode, files, tests: [], fileErrors: [], reason };
}
