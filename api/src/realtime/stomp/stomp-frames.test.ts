import { describe, expect, it } from 'vitest';
import { FrameParser, FrameTooLarge, MAX_FRAME_BYTES, MalformedFrame, serialize } from './stomp-frames';

describe('STOMP frames', () => {
  it('parses several frames, heart-beat EOLs and CRLF lines from one chunk, and waits for the rest of a split one', () => {
    const p = new FrameParser();
    const frames = p.push(
      '\n\r\nCONNECT\r\naccept-version:1.2\r\nheart-beat:10000,10000\r\n\r\n\0\nSUBSCRIBE\nid:0\ndestination:/topic/a\n\n\0SEND\ndestination:/app/x\n\nhal',
    );
    expect(frames).toEqual([
      { command: 'CONNECT', headers: { 'accept-version': '1.2', 'heart-beat': '10000,10000' }, body: '' },
      { command: 'SUBSCRIBE', headers: { id: '0', destination: '/topic/a' }, body: '' },
    ]);
    expect(p.push('lo\0')).toEqual([{ command: 'SEND', headers: { destination: '/app/x' }, body: 'hallo' }]);
  });

  it('honours content-length in bytes (a NUL inside the body, Korean text), and refuses a body longer than declared', () => {
    const body = '안녕\0하세요';
    const wire = `SEND\ndestination:/app/x\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`;
    expect(new FrameParser().push(wire)).toEqual([
      { command: 'SEND', headers: { destination: '/app/x', 'content-length': String(Buffer.byteLength(body)) }, body },
    ]);
    expect(() => new FrameParser().push('SEND\ncontent-length:1\n\nabc\0')).toThrow(MalformedFrame);
  });

  it('decodes escaped headers (not in CONNECT), keeps the first of repeated headers, and serialises escaping back', () => {
    const [frame] = new FrameParser().push('SUBSCRIBE\nid:a\\cb\\\\c\\nd\nid:second\ndestination:/t\n\n\0');
    expect(frame!.headers).toEqual({ id: 'a:b\\c\nd', destination: '/t' });
    expect(new FrameParser().push('CONNECT\nlogin:a\\cb\n\n\0')[0]!.headers.login).toBe('a\\cb');
    const wire = serialize({ command: 'MESSAGE', headers: { destination: '/topic/x:y' }, body: '{"a":"한"}' });
    expect(wire).toBe('MESSAGE\ndestination:/topic/x\\cy\ncontent-length:11\n\n{"a":"한"}\0');
    expect(new FrameParser().push(wire)[0]).toMatchObject({ headers: { destination: '/topic/x:y' }, body: '{"a":"한"}' });
  });

  it('refuses garbage commands, headers without a colon, and frames over the size cap', () => {
    expect(() => new FrameParser().push('hello world\n\n\0')).toThrow(MalformedFrame);
    expect(() => new FrameParser().push('SEND\nno-colon\n\n\0')).toThrow(MalformedFrame);
    expect(() => new FrameParser().push(`SEND\ndestination:/app/x\n\n${'x'.repeat(MAX_FRAME_BYTES + 1)}`)).toThrow(FrameTooLarge);
    expect(() => new FrameParser().push(`SEND\ncontent-length:${MAX_FRAME_BYTES + 1}\n\n`)).toThrow(FrameTooLarge);
  });
});
