/**
 * No hint loses work by surprise: a next step that would overwrite the working tree (`--worktree`,
 * `checkout --`, `reset --hard`, `clean`) says that it discards, and a safe step comes before it.
 */
import { describe, expect, it } from 'vitest';
import { FINDING_CODES, formatFinding } from '../../../src/report/messages.js';
import type { Finding } from '../../../src/types.js';

const VARIANTS: Record<string, unknown>[] = [
  {},
  ...['added', 'edited', 'deleted', 'mode'].flatMap((change) => [
    { change, kind: 'test', base: 'HEAD' },
    { change, kind: 'support', base: 'HEAD' },
    { change, kind: 'test', base: '0123456789ab', since: 'red' },
  ]),
  { change: 'edited', kind: 'support', base: 'HEAD', snapshots: { changed: ['a 1'], removed: [] } },
  ...['missing-module', 'no-tests', 'snapshot-missing', 'syntax'].map((kind) => ({ kind, message: 'm' })),
  { phase: 'red' },
  { phase: 'green' },
];
const DISCARDS = /--worktree|checkout\s+(?:\S+\s+)?--|reset --hard|git clean/;

describe('hints that would discard work', () => {
  it.each(FINDING_CODES)('%s: says so, after a safe step', (code) => {
    for (const data of VARIANTS) {
      const next = formatFinding({ code, severity: 'error', path: 'test/a.test.js', data } as Finding).next ?? '';
      const at = next.search(DISCARDS);
      if (at < 0) continue;
      expect(next, JSON.stringify(data)).toMatch(/discard/);
      expect(next.slice(0, at), JSON.stringify(data)).toMatch(/git restore --staged (?:--source=\S+ )?-- |unstage/);
    }
  });
});
