/**
 * The one error services throw. It carries a catalogue code (packages/contract errors.ts) and the
 * values for the text's placeholders; the HTTP status and the localized text are chosen in one
 * place, the error handler.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly params?: Record<string, string | number>,
    readonly details?: { path: string; message: string }[],
  ) {
    super(`error ${code}`);
    this.name = 'AppError';
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
