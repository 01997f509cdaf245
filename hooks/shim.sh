#!/bin/sh
# tdd-hooks shim 1: written by `npx tdd-hooks install`, removed by `npx tdd-hooks uninstall`.
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
if [ ! -f "$cli" ]; then
  echo "tdd-hooks: cannot find $cli (run npm install, or npx tdd-hooks uninstall); TDD_HOOKS=0 git commit ... skips tdd-hooks" >&2
  exit 127
fi
if command -v node >/dev/null 2>&1; then node=node
elif [ -x "$node_fallback" ]; then node=$node_fallback
else
  echo "tdd-hooks: node not found in PATH (GUI git client?): see Troubleshooting in the tdd-hooks README, or run npx tdd-hooks install again from a terminal; TDD_HOOKS=0 git commit ... skips tdd-hooks" >&2
  exit 127
fi
exec "$node" "$cli" hook "$hook" "$@"
