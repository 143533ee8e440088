import WebSocket from 'ws';
import { until } from './processes';

/** A raw STOMP-over-WebSocket client that has CONNECTED: its frames so far and the close code to come. */
export async function connectedStomp(
  url: string,
  headers: Record<string, string>,
  timeoutMs = 10_000,
): Promise<{ frames: string[]; closed: Promise<number> }> {
  const ws = new WebSocket(url, { headers });
  const frames: string[] = [];
  ws.on('message', (d: Buffer) => frames.push(d.toString()));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((r) => ws.on('open', r));
  ws.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
  await until(async () => (frames.some((f) => f.startsWith('CONNECTED')) ? true : undefined), timeoutMs);
  return { frames, closed };
}
