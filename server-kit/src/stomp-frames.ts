/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html), the one codec
 * of both server tiers: the api's broker (api/src/realtime/stomp) and the BFF's bridge
 * (bff/src/realtime) read and write frames only through this module (decision 0028).
 * Frames: COMMAND EOL, header lines `name:value` EOL, a blank line, the
 * body, NUL; any number of EOLs between frames (heart-beats). Works on the
 * strings a WebSocket text message delivers, with indexOf scans only: no
 * per-byte loop, no regular expression on the common path, and a byte count
 * (`Buffer.byteLength`, no copy) only to check a declared content-length.
 */
export interface StompFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/** Frames over this size end the connection (nothing a notification needs more). */
export const MAX_STOMP_FRAME_BYTES = 64 * 1024;

export class StompFrameError extends Error {}
/** Over MAX_STOMP_FRAME_BYTES: a broker answers it with its own ERROR message, so it is told apart. */
export class StompFrameTooLarge extends StompFrameError {}

const decodeHeader = (v: string) =>
  v.indexOf('\\') < 0
    ? v
    : v.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c === 'c' ? ':' : c === '\\' ? '\\' : `\\${c}`));
const NEEDS_ESCAPE = /[\\\n\r:]/;
const encodeHeader = (v: string) =>
  NEEDS_ESCAPE.test(v) ? v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/:/g, '\\c') : v;

/** CONNECT/CONNECTED headers are never escaped (1.0 compatibility, as the spec says). */
const escapes = (command: string) => command !== 'CONNECT' && command !== 'CONNECTED' && command !== 'STOMP';

/** One frame on the wire; a body gets its content-length unless one is given. */
export function serializeStompFrame(command: string, headers: Record<string, string>, body = ''): string {
  const esc = escapes(command);
  let out = command;
  for (const k in headers) out += `\n${esc ? encodeHeader(k) : k}:${esc ? encodeHeader(headers[k]!) : headers[k]!}`;
  if (body.length > 0 && headers['content-length'] === undefined) out += `\ncontent-length:${Buffer.byteLength(body, 'utf8')}`;
  return `${out}\n\n${body}\0`;
}

const lineEnd = (s: string, from: number, to: number) => (to > from && s.charCodeAt(to - 1) === 13 ? to - 1 : to);

/**
 * Incremental parser: push whatever the transport delivered (one frame, part of
 * one, several, or bare EOL heart-beats) and take the complete frames.
 * Throws StompFrameError on a malformed or oversized frame.
 */
export class StompFrameParser {
  private buffer = '';

  push(chunk: string): StompFrame[] {
    const s = this.buffer.length > 0 ? this.buffer + chunk : chunk;
    const frames: StompFrame[] = [];
    let pos = 0;
    for (;;) {
      while (pos < s.length && (s.charCodeAt(pos) === 10 || (s.charCodeAt(pos) === 13 && s.charCodeAt(pos + 1) === 10)))
        pos += s.charCodeAt(pos) === 13 ? 2 : 1;
      if (pos >= s.length) break;
      const frame = this.frameAt(s, pos);
      if (!frame) break;
      frames.push(frame.frame);
      pos = frame.next;
    }
    this.buffer = pos >= s.length ? '' : s.slice(pos);
    if (this.buffer.length > MAX_STOMP_FRAME_BYTES && Buffer.byteLength(this.buffer, 'utf8') > MAX_STOMP_FRAME_BYTES)
      throw new StompFrameTooLarge('frame too large');
    return frames;
  }

  /** The frame starting at `start`, or null when it is not complete yet. */
  private frameAt(s: string, start: number): { frame: StompFrame; next: number } | null {
    let nl = s.indexOf('\n', start);
    if (nl < 0) return null;
    const command = s.slice(start, lineEnd(s, start, nl));
    if (!/^[A-Z]+$/.test(command)) throw new StompFrameError('malformed command');
    const esc = escapes(command);
    const headers: Record<string, string> = {};
    let lineStart = nl + 1;
    for (;;) {
      nl = s.indexOf('\n', lineStart);
      if (nl < 0) return null;
      const end = lineEnd(s, lineStart, nl);
      if (end === lineStart) break;
      const colon = s.indexOf(':', lineStart);
      if (colon <= lineStart || colon >= end) throw new StompFrameError('malformed header');
      const name = esc ? decodeHeader(s.slice(lineStart, colon)) : s.slice(lineStart, colon);
      // Repeated headers: the first one counts.
      if (headers[name] === undefined) headers[name] = esc ? decodeHeader(s.slice(colon + 1, end)) : s.slice(colon + 1, end);
      lineStart = nl + 1;
    }
    const bodyStart = nl + 1;
    const declared = headers['content-length'];
    if (declared === undefined) {
      const nul = s.indexOf('\0', bodyStart);
      return nul < 0 ? null : { frame: { command, headers, body: s.slice(bodyStart, nul) }, next: nul + 1 };
    }
    if (!/^\d+$/.test(declared)) throw new StompFrameError('malformed content-length');
    const bytes = Number(declared);
    if (bytes > MAX_STOMP_FRAME_BYTES) throw new StompFrameTooLarge('frame too large');
    // Common case: no NUL inside the body, so the first NUL ends it; check it against the declared bytes.
    const nul = s.indexOf('\0', bodyStart);
    if (nul >= 0) {
      const body = s.slice(bodyStart, nul);
      const got = Buffer.byteLength(body, 'utf8');
      if (got === bytes) return { frame: { command, headers, body }, next: nul + 1 };
      if (got > bytes) throw new StompFrameError('body longer than content-length');
    }
    // A NUL inside the body (or not all of it here yet): count bytes exactly.
    const rest = Buffer.from(s.slice(bodyStart), 'utf8');
    if (rest.length < bytes + 1) return null;
    if (rest[bytes] !== 0) throw new StompFrameError('body longer than content-length');
    const body = rest.subarray(0, bytes).toString('utf8');
    return { frame: { command, headers, body }, next: bodyStart + body.length + 1 };
  }
}
