/**
 * The history of a range in one streaming `git log`: each commit with its parents, time, subject,
 * TDD trailers and raw changes against its first parent (the empty tree for a root commit).
 * Shared by `tdd audit` and `tdd report`.
 */
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { TddError } from '../errors.js';
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

/** The commits of `range` (git revision arguments), newest first. */
export function readHistory(repo: RepoContext, range: string[], extra: string[] = []): Promise<HistoryCommit[]> {
  const args = [
    '-c',
    'core.quotePath=false',
    'log',
    '-z',
    '--raw',
    '--no-renames',
    '--no-abbrev',
    '--no-ext-diff',
    '--no-relative',
    '--diff-merges=first-parent',
    `--format=${FORMAT}`,
    ...extra,
    ...range,
    '--',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd: repo.top, env: { ...repo.env, GIT_OPTIONAL_LOCKS: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
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
