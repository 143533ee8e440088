import { loadApiConfig, type ApiConfig } from './config/env';
import { buildApi } from './app';
import { installGracefulShutdown } from './ops/index';
import { describeStartupFailure } from './ops/startup-failure';
import { seed } from './scripts/seed-data';
import { listenOrExplain, startupProgress } from '@pawbridge/server-kit/startup-progress';
import fs from 'node:fs';
import path from 'node:path';

// Process entry only: build, seed, listen, stop gracefully on signals (docs/decisions/0021).
let config: ApiConfig;
try {
  config = loadApiConfig();
} catch (err) {
  // A refused configuration is an operator's to-do list, not a crash: the message alone, exit 1.
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const progress = startupProgress();
// The embedded database's folder does not exist yet on a first start: that one takes a while.
const firstStart = !config.databaseUrl && config.dataDir !== 'memory' && !fs.existsSync(path.join(config.dataDir, 'pglite'));
progress.stage(firstStart ? 'database-create' : 'database-open');
let built: Awaited<ReturnType<typeof buildApi>>;
try {
  built = await buildApi(config);
} catch (err) {
  const oneLine = describeStartupFailure(err, config);
  if (!oneLine) throw err;
  process.stderr.write(`${oneLine}\n`);
  process.exit(1);
}
const { app, ctx } = built;
installGracefulShutdown(app, {
  state: app.ops.state,
  timeoutMs: config.ops.shutdown.timeoutMs,
  drainDelayMs: config.ops.shutdown.drainDelayMs,
});
progress.stage('seeding');
await seed(ctx, app.log);
progress.stage('listening');
await listenOrExplain(app, { host: config.host, port: config.port }, 'API_PORT');
const dashboardPort = await app.realtime.dashboard.listen();
app.log.info(`admin dashboard socket (socket.io) on ${config.dashboard.host}:${dashboardPort}`);
progress.ready();
