/**
 * git's ignore rules (gitignore(5)) as a function, so a deny that depends on them (`npm test >
 * out.log` in RED) runs no git. Pure: the shell reads the files and hands them in, each
 * with the folder it applies to. Of the patterns that match, the last one decides; a deeper
 * `.gitignore` comes after a shallower one, `info/exclude` and the global file before both; and
 * nothing under an ignored folder can be re-included.
 *
 *   # comment          blank lines and comments skip      \#a, \!a   a literal # or !
 *   *.log              any depth                          /build     only at the file's folder
 *   doc/*.txt          relative to the file's folder      logs/      folders only
 *   **\/tmp, a/**\/b    any number of folders              !keep.log  re-include
 */

export interface IgnoreFile {
  /** The folder the patterns are relative to, repository-relative ('' for the top). */
  dir: string;
  text: string;
}

interface Rule {
  re: RegExp;
  negate: boolean;
  dirOnly: boolean;
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
        if (atStart && atEnd) {
          // **/ : zero or more folders; a trailing /** : everything inside.
          if (i + 2 === glob.length) out += '.*';
          else {
            out += '(?:.*/)?';
            i++;
          }
          i++;
          continue;
        }
      }
      out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        let body = glob.slice(i + 1, close);
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        out += `[${body.replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else if (c === '\\' && i + 1 < glob.length) {
      out += glob[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return out;
}

function parseRules(text: string): Rule[] {
  const rules: Rule[] = [];
  for (let line of text.split(/\r?\n/)) {
    line = line.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    let negate = false;
    if (line.startsWith('!')) {
      negate = true;
      line = line.slice(1);
    } else if (line.startsWith('\\#') || line.startsWith('\\!')) line = line.slice(1);
    const dirOnly = line.endsWith('/');
    if (dirOnly) line = line.slice(0, -1);
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    if (line === '') continue;
    rules.push({ re: new RegExp(`${anchored ? '^' : '(?:^|/)'}${globToRegex(line)}$`, 's'), negate, dirOnly });
  }
  return rules;
}

/** `files` from lowest to highest precedence (global, info/exclude, then .gitignore files top-down). */
export function ignoreMatcher(files: IgnoreFile[]): (path: string) => boolean {
  const sets = files.map((f) => ({ dir: f.dir, rules: parseRules(f.text) })).filter((s) => s.rules.length > 0);
  /** The verdict on one path (a folder when `isDir`) from the files that apply to it. */
  const verdict = (path: string, isDir: boolean): boolean => {
    let ignored = false;
    for (const s of sets) {
      if (s.dir !== '' && !path.startsWith(`${s.dir}/`)) continue;
      const rel = s.dir === '' ? path : path.slice(s.dir.length + 1);
      for (const r of s.rules) if ((!r.dirOnly || isDir) && r.re.test(rel)) ignored = !r.negate;
    }
    return ignored;
  };
  return (path) => {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) if (verdict(parts.slice(0, i).join('/'), true)) return true;
    return verdict(path, false);
  };
}
