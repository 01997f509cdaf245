import type { FailureClass, FileError } from '../types.js';

/**
 * Ruby's errors as the gates read them, for every Ruby runner (rspec, minitest): what an exception
 * raised inside a test is, and what an error that stopped a test file's load is.
 */

/** A test's exception that is not its framework's assertion: the project's next symbol, or an exception. */
export function rubyExceptionClass(cls: string, message: string): FailureClass {
  if (cls === 'NoMethodError' || cls === 'NameError' || /^uninitialized constant /.test(message)) return 'missing-symbol';
  return 'exception';
}

/**
 * The kind of an error that stopped a file's load: a SyntaxError; a NameError/NoMethodError (the
 * project's next symbol); a LoadError of a project file not written yet (`require_relative
 * '../lib/calc'`, an absolute path under `root`) is the next step too, of a gem it is a package that
 * is not installed; anything else a load error.
 */
export function rubyLoadErrorKind(cls: string, message: string, root: string): FileError['kind'] {
  if (cls === 'SyntaxError') return 'syntax';
  if (cls === 'NameError' || cls === 'NoMethodError') return 'missing-symbol';
  if (cls === 'LoadError') {
    const wanted = /cannot load such file -- (\S+)/.exec(message)?.[1] ?? '';
    return wanted.startsWith(root + '/') ? 'missing-symbol' : 'missing-module';
  }
  return 'load-error';
}
