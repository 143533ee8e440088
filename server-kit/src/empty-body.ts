import type { FastifyInstance } from 'fastify';

/**
 * An empty body is no body, whatever its Content-Type says, on a route that takes no body (one without
 * a body schema; the api's routes read their bodies themselves and have none). The legacy front end
 * sends bodiless POSTs typed `application/x-www-form-urlencoded` (axios with
 * `data: null`: send-email, verify-email, the like toggle), which Spring serves;
 * Fastify would look for a parser for the type and answer 415 (or 400 for an
 * empty `application/json`). Dropping the header of a request that declares
 * `Content-Length: 0` lets such calls reach their route as bodiless ones; a
 * non-empty body of an unknown type is still 415.
 */
export function acceptEmptyBodies(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    // A route that declares a body keeps its own answers to an empty one (e.g. the BFF's MALFORMED_REQUEST).
    if (
      headers['content-length'] === '0' &&
      headers['content-type'] !== undefined &&
      headers['transfer-encoding'] === undefined &&
      request.routeOptions.schema?.body === undefined
    )
      delete headers['content-type'];
    done();
  });
}
