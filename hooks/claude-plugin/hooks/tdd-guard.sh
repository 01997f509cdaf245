#!/bin/sh
# tdd-hooks' guard for an agent that loads its hooks user-wide (the Claude Code plugin, the Gemini
# CLI extension): it runs for every project, so it first asks whether this one uses tdd-hooks.
#   no configuration (.tddrc.json, .tddrc, package.json "tdd") at the work tree's top: not ours,
#     exit 0 with no output (no opinion), and no node started;
#   the project folder in no work tree (a session opened in a parent folder): the work tree of
#     each path the call names (a file, the cwd) is asked the same, and node starts only for one
#     that is ours; a shell command's own paths are not read here (its cwd is);
#   ours: the project's own CLI (node_modules/tdd-hooks, here or in a folder above, up to the top),
#     else a tdd-hooks on PATH, decides: `tdd guard <agent>` on the payload the agent wrote on stdin;
#   ours, but no CLI, or it cannot start: a deny (exit 2, the reason on stderr) naming the fix.
# Usage: sh tdd-guard.sh claude|gemini  (the copies under hooks/claude-plugin and hooks/gemini-extension are the same file)
agent=${1:-claude}
case $agent in
  gemini) dir=${GEMINI_PROJECT_DIR:-${CLAUDE_PROJECT_DIR:-$PWD}} ;;
  *) dir=${CLAUDE_PROJECT_DIR:-$PWD} ;;
esac
[ "${TDD_HOOKS-}" = 2 ] && set -x
deny() {
  echo "tdd-hooks: $1" >&2
  exit 2
}
# ours_at TOP: the work tree has the marker `tdd` itself reads its settings from
# (src/config/schema.ts CONFIG_FILES, then package.json's "tdd" key): install always leaves one
# there, and a clone has it from the history.
ours_at() {
  if [ -f "$1/.tddrc.json" ] || [ -f "$1/.tddrc" ]; then return 0; fi
  [ -f "$1/package.json" ] && grep -q '"tdd"' "$1/package.json" 2>/dev/null || return 1
  # "tdd" may be a script's name: only a top-level key counts, which takes a JSON reader.
  command -v node >/dev/null 2>&1 || deny "node not found in PATH, so $1/package.json cannot be read for its \"tdd\" settings: put node on the agent's PATH (tdd-hooks needs it)"
  node -e 'const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); process.exit(p && typeof p === "object" && "tdd" in p ? 0 : 1)' "$1/package.json" 2>/dev/null
}
# top_of PATH: top= the nearest folder at or above PATH holding .git (a folder, or a linked
# worktree's file); false when there is none.
top_of() {
  top=
  d=$1
  while [ -n "$d" ]; do
    if [ -e "$d/.git" ]; then top=$d; return 0; fi
    [ "$d" = / ] && return 1
    case $d in */*) d=${d%/*}; [ -n "$d" ] || d=/ ;; *) return 1 ;; esac
  done
  return 1
}
# The paths a tool call names, one a line: the string values of its path keys (file_path,
# notebook_path, path, filePath, dir_path, directory, cwd), read from the JSON text by a regular
# expression that only a key can match (inside a string every quote is escaped), their escapes
# decoded (\" \\ \/; the host's JSON.stringify writes no other in a path but for a control
# character, where the certain part before it is kept), made absolute against the call's cwd (else
# the project folder) and `..` taken lexically, as node's path.resolve does before the guard.
PATHS_AWK='
function decode(s,   out, i, c) {
  out = ""
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    if (c == "\\") {
      c = substr(s, ++i, 1)
      if (c != "\"" && c != "\\" && c != "/") return out
    }
    out = out c
  }
  return out
}
function absolute(p, base,   n, parts, out, i, k) {
  if (substr(p, 1, 1) != "/") p = base "/" p
  n = split(p, parts, "/")
  k = 0
  for (i = 1; i <= n; i++) {
    if (parts[i] == "" || parts[i] == ".") continue
    if (parts[i] == "..") { if (k > 0) k--; continue }
    out[++k] = parts[i]
  }
  p = ""
  for (i = 1; i <= k; i++) p = p "/" out[i]
  return p == "" ? "/" : p
}
{
  line = line $0 " "
}
END {
  base = ENVIRON["TDD_GUARD_BASE"]
  n = 0
  while (match(line, /"(file_path|notebook_path|path|filePath|dir_path|directory|cwd)"[ \t]*:[ \t]*"([^"\\]|\\.)*"/)) {
    kv = substr(line, RSTART, RLENGTH)
    line = substr(line, RSTART + RLENGTH)
    key = kv; sub(/":.*/, "", key); sub(/^"/, "", key)
    v = kv; sub(/^"[A-Za-z_]*"[ \t]*:[ \t]*"/, "", v); v = decode(substr(v, 1, length(v) - 1))
    if (v == "") continue
    if (key == "cwd" && substr(v, 1, 1) == "/") base = v
    found[++n] = v
  }
  for (i = 1; i <= n; i++) print absolute(found[i], base)
}'
payload=
if ! top_of "$dir"; then
  # No work tree at the project folder (a session opened in a parent folder that is not a
  # repository): the paths the call names say whether it edits a project that uses tdd-hooks below.
  # Read here with sh and awk, so that no node starts for any other; when one does, node gets the
  # same bytes and decides by the same paths (agent/guard.ts: the work tree of each named path).
  payload=$(cat; echo .)
  payload=${payload%.}
  paths=$(printf '%s' "$payload" | TDD_GUARD_BASE=$dir awk "$PATHS_AWK") || paths=
  ours=
  while IFS= read -r p; do
    [ -n "$p" ] && top_of "$p" && ours_at "$top" && { ours=1; dir=$p; break; }
  done <<EOT
$paths
EOT
  [ -n "$ours" ] || exit 0
elif ! ours_at "$top"; then
  exit 0
fi
# The project's CLI: node_modules/tdd-hooks from the project's folder up to the top (a workspace's own, then the hoisted one).
cli=
d=$dir
while :; do
  if [ -f "$d/node_modules/tdd-hooks/bin/tdd.js" ]; then cli=$d/node_modules/tdd-hooks/bin/tdd.js; break; fi
  [ "$d" = "$top" ] && break
  case $d in "$top"/*) d=${d%/*} ;; *) d=$top ;; esac
done
fix="npm i -D tdd-hooks in $top (or npm i -g tdd-hooks), then npx tdd doctor"
if [ -n "$cli" ]; then
  command -v node >/dev/null 2>&1 || deny "node not found in PATH, so the guard ($cli) cannot run: put node on the agent's PATH, then npx tdd doctor"
  if [ -n "$payload" ]; then printf '%s' "$payload" | node "$cli" guard "$agent"; else node "$cli" guard "$agent"; fi
elif command -v tdd-hooks >/dev/null 2>&1; then
  if [ -n "$payload" ]; then printf '%s' "$payload" | tdd-hooks guard "$agent"; else tdd-hooks guard "$agent"; fi
else
  deny "this project uses tdd-hooks ($top has its settings), but its CLI is not installed (no node_modules/tdd-hooks, no tdd-hooks on PATH), so no edit can be checked: $fix"
fi
rc=$?
# 0: the guard's answer is on stdout; 2: its deny, on stderr. Anything else: it did not run to an answer.
[ "$rc" -eq 0 ] || [ "$rc" -eq 2 ] || deny "the guard did not start or crashed (exit $rc), so this call is denied: $fix"
exit "$rc"
