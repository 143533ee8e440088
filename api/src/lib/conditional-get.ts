import { createHash } from 'node:crypto';
import type { onSendHookHandler } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@pawbridge/shared';

/**
 * A strong ETag on a public list's answer, and 304 Not Modified when the caller already holds that
 * answer (decision 0050). The tag covers the body and the `X-Total-Count` header: a page whose items
 * stay the same while the total changes is a different answer. The BFF revalidates with it on every
 * call and reuses what it derived from the body only on 304; a browser calling the legacy paths
 * directly may do the same. An answer that is not a successful, buffered one passes untouched.
 */
export const conditionalGet: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
  const total = reply.getHeader(TOTAL_COUNT_HEADER);
  const etag = `"${createHash('sha1')
    .update(payload)
    .update(`\n${total === undefined ? '' : String(total)}`)
    .digest('base64url')}"`;
  reply.header('etag', etag);
  if (!holds(request.headers['if-none-match'], etag)) return done(null, payload);
  reply.code(304);
  // No payload at all (not ''): Fastify then sends no Content-Length, which on a 304 would describe the
  // representation (RFC 9110 §8.6), not this empty answer.
  done(null, null);
};

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and may list several tags or say `*`. */
function holds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag === etag || tag === `W/${etag}`) return true;
  }
  return false;
}
