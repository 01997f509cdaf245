/**
 * Where a JS monorepo keeps its packages, from the files that declare them. Pure: text in, globs
 * out; the caller expands the globs against a tree.
 *
 *   package.json         "workspaces": ["packages/*"]  or  { "packages": ["packages/*"] }  (npm, yarn, bun)
 *   pnpm-workspace.yaml  packages:
 *                          - 'packages/*'
 *                          - '!**\/test/**'
 *   lerna.json           "packages": ["packages/*"]
 */

/** Folder globs (`!` excludes) of the workspaces a package.json declares; [] for none. */
export function parsePackageJsonWorkspaces(text: string | undefined): string[] {
  const pkg = parseJsonObject(text);
  const ws = pkg?.workspaces;
  const list = Array.isArray(ws) ? ws : isRecord(ws) && Array.isArray(ws.packages) ? ws.packages : [];
  return list.filter((g): g is string => typeof g === 'string').map(cleanGlob).filter((g) => g !== '');
}

/** lerna.json's `packages`; [] for none. */
export function parseLernaPackages(text: string | undefined): string[] {
  const list = parseJsonObject(text)?.packages;
  return Array.isArray(list) ? list.filter((g): g is string => typeof g === 'string').map(cleanGlob).filter((g) => g !== '') : [];
}

/**
 * pnpm-workspace.yaml's `packages:` sequence. Only that key is read, in block form (`- item`) or
 * flow form (`packages: [a, b]`), items plain or quoted; the file's other keys are ignored.
 */
export function parsePnpmWorkspace(text: string | undefined): string[] {
  if (text === undefined) return [];
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => /^packages\s*:/.test(l));
  if (start < 0) return [];
  const inline = /^packages\s*:\s*\[(.*)\]\s*(#.*)?$/.exec(lines[start]!);
  if (inline) return inline[1]!.split(',').map(yamlScalar).map(cleanGlob).filter((g) => g !== '');
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const item = /^\s+-\s*(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (!item) break; // the next key
    const glob = cleanGlob(yamlScalar(item[1]!));
    if (glob !== '') out.push(glob);
  }
  return out;
}

/** `'packages/*' # comment` → `packages/*`. */
function yamlScalar(raw: string): string {
  const s = raw.trim();
  const quoted = /^(['"])(.*)\1/.exec(s);
  if (quoted) return quoted[2]!;
  return s.replace(/\s+#.*$/, '').trim();
}

/** `./packages/*\/` → `packages/*`; `!./x` → `!x`. */
function cleanGlob(glob: string): string {
  const negated = glob.startsWith('!');
  const body = (negated ? glob.slice(1) : glob).trim().replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  return body === '' || body === '.' ? '' : `${negated ? '!' : ''}${body}`;
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
