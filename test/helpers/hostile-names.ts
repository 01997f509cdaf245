/**
 * Generated hostile file names (catalogue §8): shell syntax, quotes, globs, whitespace and
 * newlines, URL escapes, NFC and NFD spellings, leading dashes that would be options, 200+ byte
 * names. Shared by the argv property (test/unit/runners/hostile-names.test.ts, many runs, no
 * processes) and the real commits of test/integration/hostile-names.test.ts.
 */
import fc from 'fast-check';

export const bytes = (s: string): number => Buffer.byteLength(s);

// No backslash: a known bug (see 'a test file whose name holds a backslash…' in the integration test).
const FRAGMENTS = [
  ' ',
  '\t',
  '\n',
  '"',
  "'",
  '$(touch pwned)',
  '`touch pwned2`',
  '$HOME',
  '${IFS}',
  ';',
  '&&',
  '|',
  '>',
  '<',
  '*',
  '?',
  '[',
  ']',
  '[a-z]',
  '{a,b}',
  '!',
  '#',
  '%41',
  '~',
  '=',
  ':',
  '(',
  ')',
  'a',
  'Z',
  '0',
  '.',
  '-',
  '\u00e9' /* é, NFC */,
  'e\u0301' /* é, NFD */,
  '\u00c5' /* Å, NFC */,
  'A\u030a' /* Å, NFD */,
  '日本',
  '🙂',
  '--config=evil.js',
  '{files}',
];
const LEADING = ['', '', '-', '--', ' ', '--test-only ', '--test-name-pattern=nomatch '];
const MAX_NAME = 255 - bytes('.test.js');

/** A file-name segment: no `/`, no NUL, room for `.test.js`, sometimes 200+ bytes long. */
export const hostileName = fc
  .tuple(fc.constantFrom(...LEADING), fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 6 }), fc.boolean())
  .map(([lead, parts, long]) => {
    const name = lead + parts.join('');
    return long ? name + 'x'.repeat(Math.max(0, 200 + (bytes(name) % 40) - bytes(name))) : name;
  })
  .filter((n) => bytes(n) <= MAX_NAME);

/**
 * Names that once broke something, always tried. '\n&&;': a name that starts with a newline once
 * read as implementation (picomatch's `.`).
 */
export const HOSTILE_EXAMPLES = [
  '$(touch pwned) `touch pwned2`; *?[]',
  '--config=evil.js',
  '--',
  '-\n\t "\' ' + 'x'.repeat(220),
  '\n&&;',
  '-&&日本a\t' + 'x'.repeat(200),
];
