import { loadApiConfig } from './config/env';
import { buildApi } from './app';
import { seed } from './scripts/seed-data';

// Process entry only: build, seed, listen, stop cleanly on signals.
const config = loadApiConfig();
const { app, ctx } = await buildApi(config);
await seed(ctx, app.log);
await app.listen({ host: config.host, port: config.port });
const dashboardPort = await app.realtime.dashboard.listen();
app.log.info(`admin dashboard socket (socket.io) on ${config.dashboard.host}:${dashboardPort}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
