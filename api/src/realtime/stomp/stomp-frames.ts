/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html):
 * COMMAND EOL, header lines `name:value` EOL, a blank line, the body, NUL.
 * Between frames any number of EOLs may appear (heart-beats).
 */
export interface StompFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/** Bodies over this size end the connection with an ERROR (nothing a member sends needs more). */
export const MAX_FRAME_BYTES = 64 * 1024;

const decodeHeader = (v: string) =>
  v.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c === 'c' ? ':' : c === '\\' ? '\\' : `\\${c}`));
const encodeHeader = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/:/g, '\\c');

/** CONNECT/CONNECTED headers are never escaped (1.0 compatibility, as the spec says). */
const escapes = (command: string) => command !== 'CONNECT' && command !== 'CONNECTED' && command !== 'STOMP';

export function serialize(frame: StompFrame): string {
  const esc = escapes(frame.command);
  const lines = [frame.command];
  const headers = { ...frame.headers };
  if (frame.body.length > 0 && headers['content-length'] === undefined)
    headers['content-length'] = String(Buffer.byteLength(frame.body, 'utf8'));
  for (const [k, v] of Object.entries(headers)) lines.push(`${esc ? encodeHeader(k) : k}:${esc ? encodeHeader(v) : v}`);
  return `${lines.join('\n')}\n\n${frame.body}\0`;
}

export class FrameTooLarge extends Error {}
export class MalformedFrame extends Error {}

/**
 * Incremental parser: feed it whatever the transport delivered (one frame, part
 * of one, several, or bare EOL heart-beats) and take the complete frames.
 */
export class FrameParser {
  private buffer = '';

  push(chunk: string): StompFrame[] {
    this.buffer += chunk;
    const frames: StompFrame[] = [];
    for (;;) {
      // Heart-beats and the optional EOLs after a NUL.
      this.buffer = this.buffer.replace(/^(\r?\n)+/, '');
      if (this.buffer.length === 0) break;
      const headEnd = this.buffer.search(/\r?\n\r?\n/);
      if (headEnd < 0) {
        if (Buffer.byteLength(this.buffer, 'utf8') > MAX_FRAME_BYTES) throw new FrameTooLarge('frame too large');
        break;
      }
      const sep = /\r?\n\r?\n/.exec(this.buffer.slice(headEnd))![0].length;
      const [commandLine, ...headerLines] = this.buffer.slice(0, headEnd).split(/\r?\n/);
      const command = (commandLine ?? '').trim();
      if (!/^[A-Z]+$/.test(command)) throw new MalformedFrame('malformed command');
      const esc = escapes(command);
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon <= 0) throw new MalformedFrame('malformed header');
        const name = esc ? decodeHeader(line.slice(0, colon)) : line.slice(0, colon);
        // Repeated headers: the first one counts.
        if (!(name in headers)) headers[name] = esc ? decodeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
      }
      const bodyStart = headEnd + sep;
      let bodyEnd: number;
      const declared = headers['content-length'];
      if (declared !== undefined) {
        if (!/^\d+$/.test(declared)) throw new MalformedFrame('malformed content-length');
        const bytes = Number(declared);
        if (bytes > MAX_FRAME_BYTES) throw new FrameTooLarge('frame too large');
        const rest = Buffer.from(this.buffer.slice(bodyStart), 'utf8');
        if (rest.length < bytes + 1) break;
        if (rest[bytes] !== 0) throw new MalformedFrame('body longer than content-length');
        bodyEnd = bodyStart + rest.subarray(0, bytes).toString('utf8').length;
      } else {
        bodyEnd = this.buffer.indexOf('\0', bodyStart);
        if (bodyEnd < 0) {
          if (Buffer.byteLength(this.buffer, 'utf8') > MAX_FRAME_BYTES) throw new FrameTooLarge('frame too large');
          break;
        }
      }
      frames.push({ command, headers, body: this.buffer.slice(bodyStart, bodyEnd) });
      this.buffer = this.buffer.slice(bodyEnd + 1);
    }
    return frames;
  }
}
