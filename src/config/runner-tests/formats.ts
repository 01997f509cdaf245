/**
 * Just enough of JSONC, INI, TOML and YAML to read the few keys a runner's configuration names its
 * test files with. Pure. A value these readers cannot be sure of is `undefined` ("unknown"), never
 * a guess: the caller then falls back to the default globs.
 */

/** A value read from a file: a string, a list of strings, a boolean; undefined when of another shape. */
export type Scalar = string | string[] | boolean | undefined;

/** JSON with comments and trailing commas (.mocharc.jsonc, and .mocharc.json, which mocha reads the same way). */
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
      out += ' ';
    } else out += c;
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return undefined;
  }
}

/** Index just past the JSON string that starts at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/**
 * INI as pytest's iniconfig reads it: `[section]`, `key = value` or `key: value`, indented lines
 * continue the value (joined with '\n'), `#` and `;` start a comment line.
 */
export function parseIni(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let section: Map<string, string> | undefined;
  let last: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    if (/^\s/.test(raw) && section && last !== undefined) {
      section.set(last, `${section.get(last)}\n${trimmed}`);
      continue;
    }
    const header = /^\[([^\]]+)\]/.exec(trimmed);
    if (header) {
      section = new Map();
      sections.set(header[1]!.trim(), section);
      last = undefined;
      continue;
    }
    const kv = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(trimmed);
    if (kv && section) {
      last = kv[1]!;
      section.set(last, kv[2]!);
    }
  }
  return sections;
}

/** pytest's "args" and "linelist" ini values: words split at whitespace, quotes honoured. */
export function iniWords(value: string): string[] {
  const words: string[] = [];
  for (const m of value.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

/**
 * The tables of a TOML file (`[tool.pytest.ini_options]`, `[workspace]`), each key with a string,
 * a boolean, or an array of strings (over several lines, with comments and a trailing comma). Any
 * other value (numbers, inline tables, arrays of tables) is undefined.
 */
export function parseToml(text: string): Map<string, Map<string, Scalar>> {
  const tables = new Map<string, Map<string, Scalar>>([['', new Map()]]);
  let table = tables.get('')!;
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[\s*([^\][]+?)\s*\]\s*(#.*)?$/.exec(line);
    if (header) {
      const name = header[1]!
        .split('.')
        .map((p) => p.trim().replace(/^"(.*)"$/, '$1'))
        .join('.');
      table = tables.get(name) ?? new Map();
      tables.set(name, table);
      continue;
    }
    if (line.startsWith('[[')) {
      // An array of tables ([[test]], [[bin]]): nothing here is read from it.
      table = new Map();
      continue;
    }
    const kv = /^("[^"]*"|'[^']*'|[\w.-]+)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    let value = kv[2]!;
    // A multi-line array or string: gather lines until its brackets or quotes close.
    while (value.startsWith('[') && !arrayClosed(value) && n + 1 < lines.length) value += `\n${lines[++n]!}`;
    const triple = value.slice(0, 3);
    if (triple === '"""' || triple === "'''") while (value.indexOf(triple, 3) < 0 && n + 1 < lines.length) value += `\n${lines[++n]!}`;
    table.set(kv[1]!.replace(/^["'](.*)["']$/, '$1'), tomlValue(value));
  }
  return tables;
}

function arrayClosed(value: string): boolean {
  let depth = 0;
  for (const token of tomlTokens(value)) {
    if (token === '[') depth++;
    else if (token === ']' && --depth === 0) return true;
  }
  return false;
}

/** Brackets, commas and strings of a TOML value; comments dropped. */
function* tomlTokens(value: string): Generator<string> {
  const re = /"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|#[^\n]*|[[\],]|[^\s[\],#"']+/g;
  for (const m of value.matchAll(re)) if (!m[0].startsWith('#')) yield m[0];
}

function tomlString(token: string): string | undefined {
  if (token.startsWith('"""') || token.startsWith("'''")) return token.slice(3, -3).replace(/^\n/, '');
  if (token.startsWith("'")) return token.slice(1, -1);
  if (!token.startsWith('"')) return undefined;
  try {
    return JSON.parse(token) as string;
  } catch {
    return undefined;
  }
}

function tomlValue(value: string): Scalar {
  const tokens = [...tomlTokens(value)];
  if (tokens.length === 1) {
    if (tokens[0] === 'true' || tokens[0] === 'false') return tokens[0] === 'true';
    return tomlString(tokens[0]!);
  }
  if (tokens[0] !== '[' || tokens[tokens.length - 1] !== ']') return undefined;
  const items: string[] = [];
  for (const [i, token] of tokens.slice(1, -1).entries()) {
    if (i % 2 === 1) {
      if (token !== ',') return undefined;
      continue;
    }
    const s = tomlString(token);
    if (s === undefined) return undefined;
    items.push(s);
  }
  return items;
}

/**
 * The top-level keys of a YAML mapping (.mocharc.yml): `key: value`, `key: [a, b]`, and `key:`
 * followed by `- item` lines. Anything nested deeper is undefined.
 */
export function parseYamlTop(text: string): Map<string, Scalar> {
  const keys = new Map<string, Scalar>();
  let list: string[] | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, '');
    if (line.trim() === '' || line.trim().startsWith('#') || line.trim() === '---') continue;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item && list && /^\s|^-/.test(line)) {
      list.push(yamlScalar(item[1]!.trim()));
      continue;
    }
    const kv = /^([\w-]+|"[^"]*"|'[^']*')\s*:(?:\s+(.*))?$/.exec(line);
    if (!kv) {
      list = undefined;
      continue;
    }
    const key = kv[1]!.replace(/^["'](.*)["']$/, '$1');
    const value = (kv[2] ?? '').trim();
    if (value === '') {
      list = [];
      keys.set(key, list);
    } else {
      list = undefined;
      keys.set(key, yamlValue(value));
    }
  }
  return keys;
}

function yamlScalar(s: string): string {
  const quoted = /^"(.*)"$|^'(.*)'$/.exec(s);
  return quoted ? (quoted[1] ?? quoted[2]!.replace(/''/g, "'")) : s;
}

function yamlValue(value: string): Scalar {
  if (value === 'true' || value === 'false') return value === 'true';
  if (value.startsWith('[')) {
    if (!value.endsWith(']')) return undefined;
    const inner = value.slice(1, -1).trim();
    return inner === '' ? [] : inner.split(',').map((s) => yamlScalar(s.trim()));
  }
  if (/^[{|>&*!]/.test(value)) return undefined;
  return yamlScalar(value);
}
