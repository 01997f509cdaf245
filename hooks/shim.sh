#!/bin/sh
# tdd-hooks shim 3: written by `npx tdd-hooks install`, removed by `npx tdd-hooks uninstall`.
hook=@HOOK@
# The CLI relative to the worktree's top level (git runs hooks from there); the one install found,
# for a linked worktree without node_modules; node for a PATH without it (GUI git clients).
cli=@CLI@
cli_fallback=@CLI_FALLBACK@
node_fallback=@NODE_FALLBACK@
[ "${TDD_HOOKS-}" = 2 ] && set -x
# The hook that was here before tdd-hooks runs first, with the same arguments; its failure stops git.
chained="${0%/*}/$hook.pre-tdd-hooks"
if [ -x "$chained" ]; then "$chained" "$@" || exit $?; fi
[ "${TDD_HOOKS-}" = 0 ] && exit 0
# commit-msg and post-commit act only on a verdict pre-commit left in the state dir: none, no node.
[ "$hook" = pre-commit ] || [ ! -d "${GIT_DIR:-.git}" ] || [ -f "${GIT_DIR:-.git}/tdd/pending.json" ] || exit 0
[ -f "$cli" ] || [ ! -f "$cli_fallback" ] || cli=$cli_fallback
# Yarn Plug'n'Play: no node_modules; the CLI starts through yarn's loader (.pnp.cjs), below.
pnp=
[ -f "$cli" ] || [ ! -f .pnp.cjs ] || pnp=1
# A global install that moved (another node version): the tdd-hooks on PATH.
[ -f "$cli" ] || [ -n "$pnp" ] || ! command -v tdd-hooks >/dev/null 2>&1 || exec tdd-hooks hook "$hook" "$@"
if [ ! -f "$cli" ] && [ -z "$pnp" ]; then
  echo "tdd-hooks: cannot find $cli (run npm install, or npx tdd-hooks uninstall); TDD_HOOKS=0 git commit ... skips tdd-hooks" >&2
  exit 127
fi
if command -v node >/dev/null 2>&1; then node=node
elif [ -x "$node_fallback" ]; then node=$node_fallback
else
  echo "tdd-hooks: node not found in PATH (GUI git client?): see Troubleshooting in the tdd-hooks README, or run npx tdd-hooks install again from a terminal; TDD_HOOKS=0 git commit ... skips tdd-hooks" >&2
  exit 127
fi
# pre-commit: git's answers to the hook's first questions (HEAD, the configuration files at HEAD
# and in the index, the runner's own files in the index, the staged changes), asked in the background while node starts (~20 ms), into
# a file node reads and removes ($$ is node's pid once exec'd; parseHookInputs in src/git/parse.ts).
# Anything amiss, and node asks git itself. Not on Windows, where sh's fork is slow. `true`, not
# `:`: a failed redirection of a special builtin ends a POSIX shell (a read-only .git/tdd).
prefetched=
inputs="${GIT_DIR:-.git}/tdd/hook-inputs.$$"
if [ "$hook" = pre-commit ] && [ "${OS-}" != Windows_NT ] && [ -d "${GIT_DIR:-.git}/tdd" ] && { true >"$inputs"; } 2>/dev/null; then
  {
    printf 'tdd-hook-inputs 2 %s\n' '@PREFETCH_HEADER@'
    GIT_OPTIONAL_LOCKS=0 git -c core.quotePath=false -c submodule.recurse=false --no-pager cat-file --batch <<'NAMES'
HEAD^{commit}
@PREFETCH_NAMES@
NAMES
    c=$?
    GIT_OPTIONAL_LOCKS=0 git -c core.quotePath=false -c submodule.recurse=false --no-pager diff-index --cached --raw -z --no-renames --no-ext-diff --no-relative --ignore-submodules=none HEAD --
    printf '\n%s %s tdd-hook-inputs-end\n' "$?" "$c"
  } >>"$inputs" 2>/dev/null &
  prefetched=--prefetched
fi
[ -z "$pnp" ] || exec "$node" --require ./.pnp.cjs -e 'require(require("path").join(require("path").dirname(require.resolve("tdd-hooks/package.json")), "bin", "tdd.js"))' tdd hook "$hook" $prefetched "$@"
exec "$node" "$cli" hook "$hook" $prefetched "$@"
