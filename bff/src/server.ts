import { loadBffConfig, type BffConfig } from './config/env';
import { buildApp } from './app';
import { installGracefulShutdown } from './ops/index';
import { listenOrExplain, startupProgress } from '@pawbridge/server-kit/startup-progress';

// Process entry only: build, listen, stop gracefully on signals (docs/decisions/0021).
let config: BffConfig;
try {
  config = loadBffConfig();
} catch (err) {
  // A refused configuration is an operator's to-do list, not a crash: the message alone, exit 1.
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const progress = startupProgress();
const app = await buildApp(config);
installGracefulShutdown(app, {
  state: app.ops.state,
  timeoutMs: config.ops.shutdown.timeoutMs,
  drainDelayMs: config.ops.shutdown.drainDelayMs,
});
await listenOrExplain(app, { host: config.host, port: config.port }, 'PORT');
progress.ready();
