/**
 * Pure: a configured command line → argv, split once, no shell. Quotes ('…', "…") and backslash
 * escapes group words; `{files}` as a word of its own expands to the files, each passed as
 * `./path` so a name that starts with a dash is never an option.
 */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) word += command[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} in command: ${command}`);
  if (inWord) words.push(word);
  return words;
}

/** Byte budget for the file arguments of one invocation: far below Linux's 2 MiB argv+env and 128 KiB per string. */
const ARG_BYTES = 96 * 1024;

/**
 * The invocations of a command for a list of files: one without `{files}`; with it, as many as
 * needed to keep each under ARG_BYTES (every chunk must pass for the command to pass).
 */
export function expandCommand(argv: string[], files: string[]): string[][] {
  const at = argv.indexOf('{files}');
  if (at < 0) return [argv];
  const args = files.map((f) => (f.startsWith('/') ? f : `./${f}`));
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let bytes = 0;
  for (const a of args) {
    const size = Buffer.byteLength(a) + 1;
    if (chunk.length > 0 && bytes + size > ARG_BYTES) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(a);
    bytes += size;
  }
  if (chunk.length > 0 || chunks.length === 0) chunks.push(chunk);
  return chunks.map((c) => [...argv.slice(0, at), ...c, ...argv.slice(at + 1)]);
}
