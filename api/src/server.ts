import { loadApiConfig, type ApiConfig } from './config/env';
import { buildApi } from './app';
import { installGracefulShutdown } from './ops/index';
import { seed } from './scripts/seed-data';

// Process entry only: build, seed, listen, stop gracefully on signals (docs/decisions/0021).
let config: ApiConfig;
try {
  config = loadApiConfig();
} catch (err) {
  // A refused configuration is an operator's to-do list, not a crash: the message alone, exit 1.
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const { app, ctx } = await buildApi(config);
installGracefulShutdown(app, {
  state: app.ops.state,
  timeoutMs: config.ops.shutdown.timeoutMs,
  drainDelayMs: config.ops.shutdown.drainDelayMs,
});
await seed(ctx, app.log);
await app.listen({ host: config.host, port: config.port });
const dashboardPort = await app.realtime.dashboard.listen();
app.log.info(`admin dashboard socket (socket.io) on ${config.dashboard.host}:${dashboardPort}`);
