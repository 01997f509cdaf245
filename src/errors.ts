/**
 * Errors that carry their exit code. Only cli/ turns them into `process.exitCode`:
 * 2 usage or configuration error, 3 could not verify.
 */
const BRAND = Symbol.for('tdd-hooks.TddError');

export class TddError extends Error {
  /**
   * `instanceof` by brand, not by prototype: the CLI is split into bundles (bin/build.mjs), each
   * with its own copy of this class, and an error thrown in one is caught in another.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: 1 | 2 | 3 = 2,
    options?: { cause?: unknown; hint?: string; data?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options?.hint;
    this.data = options?.data;
    (this as unknown as Record<symbol, boolean>)[BRAND] = true;
  }
  readonly hint: string | undefined;
  readonly data: Record<string, unknown> | undefined;
}

export function usageError(message: string, hint?: string): TddError {
  return new TddError('USAGE', message, 2, hint === undefined ? undefined : { hint });
}
