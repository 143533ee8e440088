/**
 * Child process: many cheap STOMP clients (raw frames over `ws`, no STOMP
 * library) for bench/realtime.ts. Over IPC:
 *   {type:'connect', url, members:[{sid,userId}], origin?} → {connected, failed}
 *   {type:'collect'} → {received: [id, receivedAt][]} (and forgets them)
 *   {type:'close'} → {}
 * Each client connects with its member's JSESSIONID cookie, CONNECTs, and
 * SUBSCRIBEs (with a receipt) to its own adoption topic; every MESSAGE body's
 * `id` is recorded with the instant it arrived.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { announceReady, stopOnSignal } from './procs';

const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
let received: [number, number][] = [];
let stray = 0;

const frame = (command: string, headers: Record<string, string>, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n${body}\0`;

function client(url: string, sid: string, userId: string, origin: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { cookie: `JSESSIONID=${sid}`, ...(origin ? { origin } : {}) }, perMessageDeflate: false });
    const timer = setTimeout(() => done(false), 30_000);
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!ok) ws.terminate();
      resolve(ok);
    };
    ws.on('open', () => ws.send(frame('CONNECT', { 'accept-version': '1.2', host: 'pawbridge', 'heart-beat': '0,0' })));
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('MESSAGE')) {
        const t = now();
        const start = text.indexOf('\n\n');
        try {
          const body = JSON.parse(text.slice(start + 2, text.lastIndexOf('\0') > start ? text.lastIndexOf('\0') : undefined)) as {
            id?: unknown;
          };
          if (typeof body.id === 'number') received.push([body.id, t]);
          else stray += 1;
        } catch {
          stray += 1;
        }
      } else if (text.startsWith('CONNECTED')) {
        ws.send(frame('SUBSCRIBE', { id: 'sub-0', destination: `/topic/user/${userId}/adoption`, receipt: 'r-0' }));
      } else if (text.startsWith('RECEIPT')) {
        done(true);
      } else if (text.startsWith('ERROR')) {
        done(false);
      }
    });
    ws.on('error', () => done(false));
    ws.on('close', () => done(false));
    sockets.push(ws);
  });
}

/** Connect everyone, at most `parallel` handshakes at a time. */
async function connectAll(url: string, members: { sid: string; userId: string }[], origin: string | undefined, parallel = 50) {
  let next = 0;
  let connected = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < members.length) {
        const m = members[next]!;
        next += 1;
        if (await client(url, m.sid, m.userId, origin)) connected += 1;
        else failed += 1;
      }
    }),
  );
  return { connected, failed };
}

process.on('message', (raw) => {
  const msg = raw as { id: number; type: string; url?: string; members?: { sid: string; userId: string }[]; origin?: string };
  void (async () => {
    if (msg.type === 'connect') process.send?.({ id: msg.id, ...(await connectAll(msg.url!, msg.members ?? [], msg.origin)) });
    else if (msg.type === 'collect') {
      process.send?.({ id: msg.id, received, stray });
      received = [];
    } else if (msg.type === 'close') {
      for (const ws of sockets) ws.terminate();
      process.send?.({ id: msg.id });
    }
  })();
});

stopOnSignal(async () => {
  for (const ws of sockets) ws.terminate();
});
announceReady({});
