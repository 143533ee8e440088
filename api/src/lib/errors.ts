/**
 * An answer in the legacy wire format with an honest status. `body` is sent as
 * is: a string becomes a text/plain body (as Spring's String endpoints), an
 * object becomes JSON ({success,message}, {error}, Boot-style error, ...).
 */
export class ApiHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string | Record<string, unknown>,
  ) {
    super(
      typeof body === 'string' ? body : String((body as { message?: unknown }).message ?? (body as { error?: unknown }).error ?? status),
    );
  }
}

/** Boot's default error JSON (what Spring sends for framework errors), plus a message. */
export function bootError(status: number, error: string, path: string, message?: string): Record<string, unknown> {
  return { timestamp: new Date().toISOString(), status, error, path, ...(message ? { message } : {}) };
}
