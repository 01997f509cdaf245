/**
 * The history of a range in one streaming `git log`: each commit with its parents, time, subject,
 * TDD trailers and raw changes against its first parent (the empty tree for a root commit).
 * Shared by `tdd audit` and `tdd report`.
 */
import { StringDecoder } from 'node:string_decoder';
import { TddError } from '../errors.js';
import type { GitChild } from '../git/exec.js';
import { spawnCatFileBatch, spawnHistoryLog } from '../git/history.js';
import type { RepoContext } from '../git/queries.js';
import { parseRawDiff, type RawEntry } from '../git/parse.js';
import { parseTrailerLog, type CommitTrailers } from '../state/trailers.js';

export interface HistoryCommit {
  sha: string;
  parents: string[];
  /** Author time, seconds since the epoch. */
  time: number;
  subject: string;
  trailers: CommitTrailers;
  /** The raw trailer block, for trailers this module does not know. */
  trailerText: string;
  changes: RawEntry[];
}

const FORMAT = '%x1e%H%x1f%P%x1f%at%x1f%s%x1f%(trailers:only,unfold)%x1f';

/**
 * Parses `git log -z --raw --no-renames --no-abbrev --diff-merges=first-parent --format=FORMAT`:
 *
 *   \x1e<sha>\x1f<parents>\x1f<time>\x1f<subject>\x1f<trailers>\x1f\0\n:100644 100644 <a> <b> M\0path\0…
 */
export function parseHistory(out: string): HistoryCommit[] {
  const commits: HistoryCommit[] = [];
  for (const chunk of out.split('\x1e')) if (chunk) commits.push(parseRecord(chunk));
  return commits;
}

/** One record of that output, without its leading \x1e. */
function parseRecord(chunk: string): HistoryCommit {
  const end = chunk.indexOf('\x1f\0');
  const header = end >= 0 ? chunk.slice(0, end) : chunk.replace(/\x1f?\0?$/, '');
  const [sha, parents, time, subject, trailerText] = header.split('\x1f') as [string, string, string, string, string];
  const raw = end >= 0 ? chunk.slice(end + 2).replace(/^\n/, '') : '';
  const trailers = trailerText
    ? (parseTrailerLog(`${sha}\x1f${trailerText}\x1e`)[0] ?? { commit: sha, regression: false })
    : { commit: sha, regression: false };
  return {
    sha,
    parents: parents ? parents.split(' ') : [],
    time: Number(time),
    subject: subject ?? '',
    trailers,
    trailerText: trailerText ?? '',
    changes: raw ? parseRawDiff(raw) : [],
  };
}

/**
 * The same parse, fed as the text arrives: every record but the last one seen is complete (the
 * next one's \x1e ends it), so parsing overlaps git's own work on a long range.
 */
export function createHistoryParser(): { push(text: string): void; end(): HistoryCommit[] } {
  const commits: HistoryCommit[] = [];
  let pending = '';
  return {
    push(text) {
      pending += text;
      const last = pending.lastIndexOf('\x1e');
      if (last <= 0) return;
      for (const chunk of pending.slice(0, last).split('\x1e')) if (chunk) commits.push(parseRecord(chunk));
      pending = pending.slice(last);
    },
    end() {
      commits.push(...parseHistory(pending));
      pending = '';
      return commits;
    },
  };
}

/**
 * The commits of `range` (git revision arguments), newest first. `changes: false`: without their
 * diffs (every `changes` empty) — git then reads no trees, ~10× faster on a real history.
 */
export async function readHistory(
  repo: RepoContext,
  range: string[],
  extra: string[] = [],
  opts: { changes?: boolean; signal?: AbortSignal } = {},
): Promise<HistoryCommit[]> {
  const signal = opts.signal ? { signal: opts.signal } : {};
  return spawnHistoryLog(repo, { format: FORMAT, changes: opts.changes !== false, extra, range, ...signal }, (child) => collectHistory(child, range));
}

function collectHistory(child: GitChild, range: string[]): Promise<HistoryCommit[]> {
  return new Promise((resolve, reject) => {
    const parser = createHistoryParser();
    const decoder = new StringDecoder('utf8');
    const err: Buffer[] = [];
    let failed: unknown;
    child.stdout.on('data', (b: Buffer) => {
      if (failed) return;
      try {
        parser.push(decoder.write(b));
      } catch (e) {
        failed = e;
      }
    });
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(new TddError('GIT_MISSING', `could not run git: ${e.message}`, 3, { cause: e })));
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (code !== 0) {
        reject(
          new TddError('BAD_RANGE', `git log ${range.join(' ')} failed: ${stderr.trim().split('\n')[0] ?? ''}`, 2, {
            hint: 'give a range git understands, e.g. origin/main..HEAD',
          }),
        );
        return;
      }
      try {
        if (failed) throw failed;
        parser.push(decoder.end());
        resolve(parser.end());
      } catch (e) {
        reject(e);
      }
    });
  });
}

/**
 * Pure: commits (in any order) → parents before children, keeping the given order where it
 * already is one (`git log` without --topo-order: date order, which clock skew can break).
 * --topo-order makes git walk the whole history before it prints the first commit of `-n`.
 */
export function parentsFirst(commits: readonly HistoryCommit[]): HistoryCommit[] {
  const bySha = new Map(commits.map((c) => [c.sha, c]));
  const done = new Set<string>();
  const out: HistoryCommit[] = [];
  for (let i = commits.length - 1; i >= 0; i--) {
    const stack: [HistoryCommit, number][] = [[commits[i]!, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [c, k] = top;
      if (k === 0 && done.has(c.sha)) {
        stack.pop();
        continue;
      }
      if (k < c.parents.length) {
        top[1]++;
        const p = bySha.get(c.parents[k]!);
        if (p && !done.has(p.sha)) stack.push([p, 0]);
        continue;
      }
      stack.pop();
      if (!done.has(c.sha)) {
        done.add(c.sha);
        out.push(c);
      }
    }
  }
  return out;
}

/** An object's id and its text, or null: missing, not a blob, or a name git cannot take. */
export type BlobText = { oid: string; text: string } | null;

/** A name `cat-file --batch` can be asked (one line, not empty). */
const askable = (n: string) => n !== '' && !n.includes('\n');

/**
 * Blob contents for the audit's facts, through one `git cat-file --batch` for the whole audit:
 * started on the first read, fed names (blob ids, or `<commit>:<path>`) as the facts ask for them,
 * each name read once. Reads are answered in the order asked. `close()` ends it.
 */
export class BlobReader {
  private child: GitChild | undefined;
  private starting: Promise<GitChild> | undefined;
  private readonly done = new Map<string, Promise<BlobText>>();
  private readonly waiting: ((b: BlobText) => void)[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  /** Chunks not yet joined to `buffer`, and their length: a large blob is joined once, not per chunk. */
  private chunks: Buffer[] = [];
  private queued = 0;
  private need = 0;
  private failed: Error | undefined;

  constructor(private readonly repo: Pick<RepoContext, 'top' | 'env'>) {}

  /** Texts by name (each name read once for the reader's life). */
  async read(names: readonly string[]): Promise<Map<string, BlobText>> {
    const fresh = [...new Set(names)].filter((n) => !this.done.has(n));
    for (const n of fresh) if (!askable(n)) this.done.set(n, Promise.resolve(null));
    const safe = fresh.filter(askable);
    const { answers, written } = this.ask(safe);
    safe.forEach((n, i) => this.done.set(n, answers[i]!));
    await written;
    const out = new Map<string, BlobText>();
    for (const n of names) out.set(n, await this.done.get(n)!);
    if (this.failed) throw this.failed;
    return out;
  }

  /**
   * Texts by name, read now and not kept (asked again, read again): blobs read once and let go,
   * so a long history's texts do not all stay in memory. Each name's text once per call.
   */
  async take(names: readonly string[]): Promise<Map<string, BlobText>> {
    const safe = [...new Set(names)].filter(askable);
    const { answers, written } = this.ask(safe);
    await written;
    const out = new Map<string, BlobText>();
    for (let i = 0; i < safe.length; i++) out.set(safe[i]!, await answers[i]!);
    if (this.failed) throw this.failed;
    return out;
  }

  /**
   * Asks git for `names` (each askable): their answers, in order, and when the names are written.
   * Waiting in the order asked; the names are written in the same order (every ask resumes from
   * one start, first come first).
   */
  private ask(names: readonly string[]): { answers: Promise<BlobText>[]; written: Promise<void> } {
    const answers = names.map(() => new Promise<BlobText>((resolve) => this.waiting.push(resolve)));
    const written = names.length === 0 ? Promise.resolve() : this.start().then((child) => void child.stdin.write(names.join('\n') + '\n'));
    return { answers, written };
  }

  /** Texts by id alone (the form the rules' facts read: `texts.get(oid)`). */
  async readTexts(names: readonly string[], into: Map<string, string> = new Map()): Promise<Map<string, string>> {
    for (const b of (await this.read(names)).values()) if (b) into.set(b.oid, b.text);
    return into;
  }

  close(): void {
    this.child?.stdin.end();
    this.child = undefined;
    this.starting = undefined;
  }

  private start(): Promise<GitChild> {
    return (this.starting ??= spawnCatFileBatch(this.repo, (child) => this.wire(child)));
  }

  private wire(child: GitChild): GitChild {
    child.stdout.on('data', (b: Buffer) => {
      this.chunks.push(b);
      this.queued += b.length;
      if (this.buffer.length + this.queued < this.need) return;
      this.buffer = Buffer.concat([this.buffer, ...this.chunks]);
      this.chunks = [];
      this.queued = 0;
      this.drain();
    });
    const fail = (e: Error) => {
      this.failed ??= new TddError('GIT_MISSING', `could not read objects with git cat-file: ${e.message}`, 3, { cause: e });
      for (const w of this.waiting.splice(0)) w(null);
    };
    child.on('error', fail);
    child.stdin.on('error', fail);
    child.on('close', (code) => {
      if (this.waiting.length > 0) fail(new Error(`git cat-file --batch exited ${code}`));
    });
    child.stderr.resume();
    return (this.child = child);
  }

  /** Answers as they complete: `<oid> <type> <size>\n<content>\n`, or `<name> missing\n`. */
  private drain(): void {
    for (;;) {
      const eol = this.buffer.indexOf(10);
      if (eol < 0 || this.waiting.length === 0) return;
      const header = this.buffer.subarray(0, eol).toString('utf8');
      const m = /^([0-9a-f]{40,64}) (\w+) (\d+)$/.exec(header);
      if (!m) {
        this.buffer = this.buffer.subarray(eol + 1);
        this.waiting.shift()!(null);
        continue;
      }
      const size = Number(m[3]);
      this.need = eol + 1 + size + 1;
      if (this.buffer.length < this.need) return;
      this.need = 0;
      const body = this.buffer.subarray(eol + 1, eol + 1 + size);
      this.buffer = this.buffer.subarray(eol + 1 + size + 1);
      this.waiting.shift()!(m[2] === 'blob' ? { oid: m[1]!, text: body.toString('utf8') } : null);
    }
  }
}
