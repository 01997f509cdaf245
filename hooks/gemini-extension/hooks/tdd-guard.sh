#!/bin/sh
# tdd-hooks' guard for an agent that loads its hooks user-wide (the Claude Code plugin, the Gemini
# CLI extension): it runs for every project, so it first asks whether this one uses tdd-hooks.
#   no configuration (.tddrc.json, .tddrc, package.json "tdd") at the work tree's top: not ours,
#     exit 0 with no output (no opinion), and no node started;
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
# The work tree's top: the nearest folder at or above the project holding .git (a folder, or a linked worktree's file).
top=
d=$dir
while [ -n "$d" ]; do
  if [ -e "$d/.git" ]; then top=$d; break; fi
  [ "$d" = / ] && break
  case $d in */*) d=${d%/*}; [ -n "$d" ] || d=/ ;; *) break ;; esac
done
[ -n "$top" ] || exit 0
# The marker `tdd` itself reads its settings from (src/config/schema.ts CONFIG_FILES, then
# package.json's "tdd" key): install always leaves one there, and a clone has it from the history.
ours=
if [ -f "$top/.tddrc.json" ] || [ -f "$top/.tddrc" ]; then ours=1
elif [ -f "$top/package.json" ] && grep -q '"tdd"' "$top/package.json" 2>/dev/null; then
  # "tdd" may be a script's name: only a top-level key counts, which takes a JSON reader.
  command -v node >/dev/null 2>&1 || deny "node not found in PATH, so $top/package.json cannot be read for its \"tdd\" settings: put node on the agent's PATH (tdd-hooks needs it)"
  if node -e 'const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); process.exit(p && typeof p === "object" && "tdd" in p ? 0 : 1)' "$top/package.json" 2>/dev/null; then ours=1; fi
fi
[ -n "$ours" ] || exit 0
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
  node "$cli" guard "$agent"
elif command -v tdd-hooks >/dev/null 2>&1; then
  tdd-hooks guard "$agent"
else
  deny "this project uses tdd-hooks ($top has its settings), but its CLI is not installed (no node_modules/tdd-hooks, no tdd-hooks on PATH), so no edit can be checked: $fix"
fi
rc=$?
# 0: the guard's answer is on stdout; 2: its deny, on stderr. Anything else: it did not run to an answer.
[ "$rc" -eq 0 ] || [ "$rc" -eq 2 ] || deny "the guard did not start or crashed (exit $rc), so this call is denied: $fix"
exit "$rc"
