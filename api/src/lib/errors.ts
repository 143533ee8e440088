/**
 * An answer in the legacy wire format with an honest status. `body` is sent as
 * is: a string becomes a text/plain body (as Spring's String endpoints), an
 * object becomes JSON ({success,message}, {error}, Boot-style error, ...).
 */
export class ApiHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string | Record<string, unknown>,
    /**
     * A stable code saying why, sent as the `x-pawbridge-reason` header next to
     * the legacy body (additive: legacy clients ignore it), so a gateway can tell
     * refusals with the same status apart without reading sentences.
     */
    readonly reason?: string,
  ) {
    super(
      typeof body === 'string' ? body : String((body as { message?: unknown }).message ?? (body as { error?: unknown }).error ?? status),
    );
  }
}

/** The header an `ApiHttpError`'s reason travels in (docs/decisions/0026). */
export const REASON_HEADER = 'x-pawbridge-reason';

/** Boot's default error JSON (what Spring sends for framework errors), plus a message. */
export function bootError(status: number, error: string, path: string, message?: string): Record<string, unknown> {
  return { timestamp: new Date().toISOString(), status, error, path, ...(message ? { message } : {}) };
}
