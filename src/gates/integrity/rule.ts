/** One integrity rule's run over a commit's implementation files: each language's scan, what it adds, the allow-list. */
import picomatch from 'picomatch';
import type { LanguageId } from '../../lang/index.js';
import type { Finding } from '../../types.js';
import { addedHits, lineOf, type IntegrityInput, type Scan } from './source.js';

/** The integrity codes, one per rule (config `integrity.allow` keys). */
export const INTEGRITY_CODES = [
  'IMPL_TEST_FRAMEWORK',
  'IMPL_SNIFFS_RUNNER',
  'IMPL_PATCHES_RUNTIME',
  'IMPL_READS_TESTS',
  'IMPL_ALWAYS_EQUAL',
  'IMPL_EXIT_AT_IMPORT',
  'IMPL_IMPORTS_TEST_SUPPORT',
] as const;
export type IntegrityCode = (typeof INTEGRITY_CODES)[number];

/** Per language, the rule's scan; null where the language cannot do what the rule looks for (said in the README). */
export type Scans = Record<LanguageId, Scan | null>;

const allowCache = new Map<string, (path: string) => boolean>();
function isAllowed(input: IntegrityInput, code: IntegrityCode, path: string): boolean {
  const globs = input.allow?.[code];
  if (!globs || globs.length === 0) return false;
  const key = globs.join('\0');
  let test = allowCache.get(key);
  if (!test) allowCache.set(key, (test = picomatch([...globs], { dot: true })));
  return test(path);
}

/** Findings of `code`: every match a file's scan finds now and did not before, outside the paths `integrity.allow` names. */
export function evaluateRule<C extends IntegrityCode>(code: C, input: IntegrityInput, scans: Scans): Finding<C>[] {
  const out: Finding[] = [];
  for (const [path, source] of input.sources) {
    const scan = scans[source.language];
    if (!scan || isAllowed(input, code, path)) continue;
    const lines = new Set<number>();
    for (const hit of addedHits(source, path, scan)) {
      // One finding per line: a line that imports and reads a framework is one thing to fix.
      const line = lineOf(source.now.text, hit.offset);
      if (lines.has(line)) continue;
      lines.add(line);
      const data = { found: hit.text.replace(/\s+/g, ' ').slice(0, 120), ...(hit.target ? { target: hit.target } : {}) };
      out.push({ code, severity: 'error', path, line, data } as Finding);
    }
  }
  return out as Finding<C>[];
}
