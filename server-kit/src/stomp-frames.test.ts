import { describe, expect, it } from 'vitest';
import { MAX_STOMP_FRAME_BYTES, StompFrameError, StompFrameParser, StompFrameTooLarge, serializeStompFrame } from './stomp-frames';

describe('STOMP frames (server-kit)', () => {
  it('parses several frames, heart-beat EOLs and CRLF lines from one chunk, and waits for the rest of a split one', () => {
    const p = new StompFrameParser();
    const frames = p.push(
      '\n\r\nCONNECT\r\naccept-version:1.2\r\nheart-beat:10000,10000\r\n\r\n\0\nSUBSCRIBE\nid:0\ndestination:/topic/a\n\n\0SEND\ndestination:/app/x\n\nhal',
    );
    expect(frames).toEqual([
      { command: 'CONNECT', headers: { 'accept-version': '1.2', 'heart-beat': '10000,10000' }, body: '' },
      { command: 'SUBSCRIBE', headers: { id: '0', destination: '/topic/a' }, body: '' },
    ]);
    expect(p.push('lo\0')).toEqual([{ command: 'SEND', headers: { destination: '/app/x' }, body: 'hallo' }]);
    expect(p.push('\n')).toEqual([]);
  });

  it('waits for a frame split inside its headers or inside a content-length body', () => {
    const body = '{"message":"입양 신청이 승인되었습니다"}';
    const wire = serializeStompFrame('MESSAGE', { subscription: 'sub-0', destination: '/topic/user/mina/adoption' }, body);
    const p = new StompFrameParser();
    expect(p.push(wire.slice(0, 20))).toEqual([]);
    expect(p.push(wire.slice(20, wire.length - 5))).toEqual([]);
    expect(p.push(wire.slice(wire.length - 5) + wire)).toEqual([
      {
        command: 'MESSAGE',
        headers: { subscription: 'sub-0', destination: '/topic/user/mina/adoption', 'content-length': String(Buffer.byteLength(body)) },
        body,
      },
      {
        command: 'MESSAGE',
        headers: { subscription: 'sub-0', destination: '/topic/user/mina/adoption', 'content-length': String(Buffer.byteLength(body)) },
        body,
      },
    ]);
  });

  it('honours content-length in bytes (a NUL inside the body, Korean text), and refuses a body longer than declared', () => {
    const body = '안녕\0하세요';
    const wire = `SEND\ndestination:/app/x\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0NEXT\n\n\0`;
    expect(new StompFrameParser().push(wire)).toEqual([
      { command: 'SEND', headers: { destination: '/app/x', 'content-length': String(Buffer.byteLength(body)) }, body },
      { command: 'NEXT', headers: {}, body: '' },
    ]);
    expect(() => new StompFrameParser().push('SEND\ncontent-length:1\n\nabc\0')).toThrow(StompFrameError);
    expect(() => new StompFrameParser().push('SEND\ncontent-length:x\n\nabc\0')).toThrow(StompFrameError);
  });

  it('decodes escaped headers (not in CONNECT), keeps the first of repeated headers, and serialises escaping back', () => {
    const [frame] = new StompFrameParser().push('SUBSCRIBE\nid:a\\cb\\\\c\\nd\nid:second\ndestination:/t\n\n\0');
    expect(frame!.headers).toEqual({ id: 'a:b\\c\nd', destination: '/t' });
    expect(new StompFrameParser().push('CONNECT\nlogin:a\\cb\n\n\0')[0]!.headers.login).toBe('a\\cb');
    const wire = serializeStompFrame('MESSAGE', { destination: '/topic/x:y' }, '{"a":"한"}');
    expect(wire).toBe('MESSAGE\ndestination:/topic/x\\cy\ncontent-length:11\n\n{"a":"한"}\0');
    expect(new StompFrameParser().push(wire)[0]).toMatchObject({ headers: { destination: '/topic/x:y' }, body: '{"a":"한"}' });
    expect(serializeStompFrame('CONNECTED', { 'heart-beat': '10000,10000', server: 'a:b' })).toBe(
      'CONNECTED\nheart-beat:10000,10000\nserver:a:b\n\n\0',
    );
  });

  it('refuses garbage commands and headers without a colon as malformed, and frames over the size cap as too large', () => {
    const thrown = (wire: string) => {
      try {
        new StompFrameParser().push(wire);
      } catch (err) {
        return err;
      }
      return undefined;
    };
    for (const wire of ['hello world\n\n\0', 'SEND\nno-colon\n\n\0', 'SEND\ncontent-length:1\n\nabc\0']) {
      const err = thrown(wire);
      expect(err).toBeInstanceOf(StompFrameError);
      // The api's broker answers these 'malformed frame', not 'frame too large'.
      expect(err).not.toBeInstanceOf(StompFrameTooLarge);
    }
    expect(thrown(`SEND\ndestination:/app/x\n\n${'x'.repeat(MAX_STOMP_FRAME_BYTES + 1)}`)).toBeInstanceOf(StompFrameTooLarge);
    expect(thrown(`SEND\ncontent-length:${MAX_STOMP_FRAME_BYTES + 1}\n\n`)).toBeInstanceOf(StompFrameTooLarge);
  });
});
