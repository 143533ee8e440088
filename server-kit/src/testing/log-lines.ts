import { Writable } from 'node:stream';

/** A stream to give an app as its log destination, and the lines written to it so far (one JSON object each). */
export function logLines(): { sink: Writable; logs: string[] } {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { sink, logs };
}
