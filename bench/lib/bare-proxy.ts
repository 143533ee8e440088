/** Child process: a bare @fastify/http-proxy in front of UPSTREAM_URL, the reference the BFF is compared with. */
import Fastify from 'fastify';
import proxy from '@fastify/http-proxy';
import { announceReady, stopOnSignal } from './procs';

const app = Fastify({ logger: false });
await app.register(proxy, { upstream: process.env.UPSTREAM_URL ?? 'http://127.0.0.1:8080' });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
stopOnSignal(() => app.close());
announceReady({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
