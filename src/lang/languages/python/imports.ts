import type { ImportBinding } from '../../profile.js';

/**
 * Python import bindings, from blanked text (comments gone; no string is ever part of an import):
 * `import pytest as pt` → pt: pytest · `from pytest import raises as r` → r: pytest.raises ·
 * `import numpy.testing` binds `numpy` · `from . import x` · parenthesised multi-line lists.
 * `from m import *` binds nothing we can name.
 */

// At a statement start (line start or after `;`): `import a.b as c, d` · `from .m import (x as y, z)`.
const IMPORT = /import(?<=(?:^|;)[ \t\f]*import)[ \t\f]+([^;\n]+)/gm;
const FROM = /from(?<=(?:^|;)[ \t\f]*from)[ \t\f]+(\.*[\w.]*)[ \t\f]+import[ \t\f]*(\([^)]*\)?|[^;\n]+)/gm;

export function parsePythonImports(blanked: string): ImportBinding[] {
  const found: { offset: number; binding: ImportBinding }[] = [];
  for (const m of blanked.matchAll(IMPORT)) {
    for (const entry of names(m[1]!)) {
      const alias = /^([\w.]+)\s+as\s+(\w+)$/.exec(entry);
      if (alias) found.push({ offset: m.index, binding: { local: alias[2]!, imported: '*', specifier: alias[1]! } });
      else if (/^[\w.]+$/.test(entry)) {
        const top = entry.split('.')[0]!;
        found.push({ offset: m.index, binding: { local: top, imported: '*', specifier: top } });
      }
    }
  }
  for (const m of blanked.matchAll(FROM)) {
    const specifier = m[1]!;
    for (const entry of names(m[2]!)) {
      const alias = /^(\w+)\s+as\s+(\w+)$/.exec(entry);
      if (alias) found.push({ offset: m.index, binding: { local: alias[2]!, imported: alias[1]!, specifier } });
      else if (/^\w+$/.test(entry)) found.push({ offset: m.index, binding: { local: entry, imported: entry, specifier } });
    }
  }
  return found.sort((a, b) => a.offset - b.offset).map((f) => f.binding);
}

// `(a as b,\n c,)` or `a, b \` → ['a as b', 'c']
function names(list: string): string[] {
  return list
    .replace(/[()\\]/g, ' ')
    .split(',')
    .map((e) => e.trim().replace(/\s+/g, ' '))
    .filter((e) => e !== '');
}
