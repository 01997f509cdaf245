import { describe, expect, it } from 'vitest';
import { createHistoryParser, parentsFirst, parseHistory, type HistoryCommit } from '../../../src/audit/history.js';
import { excludedSide } from '../../../src/audit/audit.js';

const A = 'fa10aa7c5d1cc62362b3085cb9387f7a58ba3afe';
const B = 'be1f71429d3297ed669cb0370d3e229b7a8511aa';
const O = '422c2b7ab3b3c668038da977e4e93a5fc623169c';
const N = 'de980441c3ab03a8c07dda1ad27b8a11f39deb1e';
const Z = '0000000000000000000000000000000000000000';

describe('parseHistory', () => {
  it('reads commits, trailers and raw changes (names with newlines intact)', () => {
    const out =
      `\x1e${A}\x1f${B}\x1f1795973025\x1ffeat: add\x1fTDD-Phase: green\nTDD-Task: 12\n\x1f\0\n:100644 100644 ${O} ${N} M\0src/a.js\0:000000 100644 ${Z} ${N} A\0new\nline.js\0` +
      `\x1e${B}\x1f\x1f1795973000\x1froot\x1f\x1f\0\n:000000 100644 ${Z} ${O} A\0src/a.js\0` +
      `\x1e${'c'.repeat(40)}\x1f${A}\x1f1795973100\x1fempty\x1f\x1f\0`;
    const [a, b, c] = parseHistory(out);
    expect(a).toMatchObject({ sha: A, parents: [B], time: 1795973025, subject: 'feat: add', trailers: { phase: 'green', task: '12' } });
    expect(a!.changes.map((e) => [e.status, e.path])).toEqual([
      ['M', 'src/a.js'],
      ['A', 'new\nline.js'],
    ]);
    expect(b).toMatchObject({ sha: B, parents: [], changes: [{ status: 'A', path: 'src/a.js' }] });
    expect(b!.trailers.phase).toBeUndefined();
    expect(c).toMatchObject({ subject: 'empty', changes: [] });
  });

  it('parses the same when fed in pieces cut anywhere (as git streams it)', () => {
    const out =
      `\x1e${A}\x1f${B}\x1f1795973025\x1ffeat: add\x1fTDD-Phase: green\nTDD-Task: 12\n\x1f\0\n:100644 100644 ${O} ${N} M\0src/a.js\0` +
      `\x1e${B}\x1f\x1f1795973000\x1froot\x1f\x1f\0\n:000000 100644 ${Z} ${O} A\0src/a.js\0`;
    const whole = parseHistory(out);
    for (const size of [1, 7, 64, out.length]) {
      const parser = createHistoryParser();
      for (let i = 0; i < out.length; i += size) parser.push(out.slice(i, i + size));
      expect(parser.end()).toEqual(whole);
    }
  });
});

describe('parentsFirst', () => {
  const c = (sha: string, parents: string[]): HistoryCommit => ({
    sha,
    parents,
    time: 0,
    subject: sha,
    trailers: { commit: sha, regression: false },
    trailerText: '',
    changes: [],
  });
  it('puts every parent before its children, whatever order the commits came in (clock skew), keeping an order that already is one', () => {
    const root = c('r', []);
    const a = c('a', ['r']);
    const b = c('b', ['a', 'x']);
    const x = c('x', ['r']);
    const m = c('m', ['b', 'outside']);
    const check = (order: HistoryCommit[]) => {
      const out = parentsFirst(order).map((k) => k.sha);
      expect(out.sort()).toEqual(['a', 'b', 'm', 'r', 'x']);
      const at = new Map(parentsFirst(order).map((k, i) => [k.sha, i]));
      for (const k of order) for (const p of k.parents) if (at.has(p)) expect(at.get(p)!, `${p} before ${k.sha}`).toBeLessThan(at.get(k.sha)!);
    };
    check([m, b, x, a, root]);
    check([a, m, root, x, b]);
    expect(parentsFirst([m, b, x, a, root]).map((k) => k.sha)).toEqual(['r', 'a', 'x', 'b', 'm']);
  });
});

describe('excludedSide (the look-back asks `A` of `A..B` before the range is read)', () => {
  it('names A of one plain A..B; nothing for any other form', () => {
    expect(excludedSide(['HEAD~1000..HEAD'])).toBe('HEAD~1000');
    expect(excludedSide(['origin/main..HEAD'])).toBe('origin/main');
    expect(excludedSide(['v1.0..'])).toBe('v1.0');
    expect(excludedSide(['@{u}..HEAD'])).toBe('@{u}');
    for (const other of ['HEAD', '..HEAD', 'A...B', ':/fix..HEAD', 'a..b..c', '-x..y', 'a ..b']) expect(excludedSide([other]), other).toBeUndefined();
    expect(excludedSide(['^HEAD~1', 'HEAD'])).toBeUndefined();
  });
});
