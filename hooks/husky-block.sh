# >>> tdd-hooks >>>
# Written by `npx tdd-hooks install`, removed by `npx tdd-hooks uninstall`. Keep it last: it checks
# what the lines above leave staged.
# commit-msg and post-commit act only on a verdict pre-commit left in the state dir: none, no node.
if [ "${TDD_HOOKS-}" != 0 ] && { [ @HOOK@ = pre-commit ] || [ ! -d "${GIT_DIR:-.git}" ] || [ -f "${GIT_DIR:-.git}/tdd/pending.json" ]; }; then
  [ "${TDD_HOOKS-}" != 2 ] || set -x
  if ! command -v node >/dev/null 2>&1; then
    echo "tdd-hooks: node not found in PATH (GUI git client?): see Troubleshooting in the tdd-hooks README; TDD_HOOKS=0 git commit ... skips tdd-hooks" >&2
    exit 127
  fi
  if [ ! -f @CLI@ ]; then
    echo "tdd-hooks: cannot find" @CLI@ "(run npm install); TDD_HOOKS=0 git commit ... skips tdd-hooks" >&2
    exit 127
  fi
  node @CLI@ hook @HOOK@ "$@" || exit $?
fi
# <<< tdd-hooks <<<
