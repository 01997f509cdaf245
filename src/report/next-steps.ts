/** The next step in each phase, in words: the two places that say it, side by side (report/ holds the wording). */
import type { Phase } from '../types.js';

/** `tdd phase` and `tdd status`: what to do now. */
export const NEXT_STEP: Record<Phase, string> = {
  red: 'write a failing test, `git add` it, and commit',
  green: 'make the tests pass: stage implementation only, and commit',
  refactor: 'improve the code with the tests frozen and passing, or `tdd phase red` for the next behaviour',
  off: 'commit as you like; `tdd phase red` to resume TDD',
};

/** The post-commit hook, after it advanced the phase: the next step, in one line after the commit. */
export const NEXT_AFTER_COMMIT: Partial<Record<Phase, string>> = {
  green: 'make the tests pass: stage implementation only',
  refactor: 'refactor with the tests green, or `tdd phase red` for the next behaviour',
};
