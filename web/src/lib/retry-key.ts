/** Keys of submissions that have not succeeded yet, by what was submitted. */
const pending = new Map<string, string>();

function newKey(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What identifies a chosen file across retries without reading it. */
export const fileFingerprint = (file: File): string => `${file.name}:${file.size}:${file.lastModified}:${file.type}`;

/**
 * Sends a registration with an Idempotency-Key that stays the same while the
 * same submission (same `fingerprint`) is retried, e.g. after a timeout whose
 * write did succeed: the server then answers with the first result instead of
 * a duplicate. After a success the next submission gets a fresh key.
 */
export async function withRetryKey<T>(fingerprint: string, send: (key: string) => Promise<T>): Promise<T> {
  const key = pending.get(fingerprint) ?? newKey();
  pending.set(fingerprint, key);
  const result = await send(key);
  pending.delete(fingerprint);
  return result;
}
