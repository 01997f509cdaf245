/**
 * Errors that carry their exit code. Only cli/ turns them into `process.exitCode`:
 * 2 usage or configuration error, 3 could not verify.
 */
export class TddError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: 1 | 2 | 3 = 2,
    options?: { cause?: unknown; hint?: string; data?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options?.hint;
    this.data = options?.data;
  }
  readonly hint: string | undefined;
  readonly data: Record<string, unknown> | undefined;
}

export function usageError(message: string, hint?: string): TddError {
  return new TddError('USAGE', message, 2, hint === undefined ? undefined : { hint });
}
