import crypto from 'node:crypto';
import { logLines } from '@pawbridge/server-kit/testing/log-lines';
import { loadBffConfig } from '../config/env';
import { ambientTestServices } from '../testing/services';
import { buildApp } from '../app';
import type { TestBff } from './test-bff';

/**
 * A test BFF like startTestBff, in front of the fake Spring (legacy kind), with
 * its environment in the test's hands and its JSON log lines collected.
 */
export async function startOpsBff(upstreamUrl: string, env: Record<string, string> = {}): Promise<TestBff & { logs: string[] }> {
  const { sink, logs } = logLines();
  const config = loadBffConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    UPSTREAM_URL: upstreamUrl,
    UPSTREAM_KIND: 'legacy',
    RATE_LIMIT_PREFIX: `pawbridge:test:ops:${crypto.randomBytes(6).toString('hex')}:`,
    ...ambientTestServices(),
    ...env,
  });
  const app = await buildApp(config, { logStream: sink });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, app, config, logs, close: () => app.close() };
}
