import { loadBffConfig } from './config/env';
import { buildApp } from './app';

// Process entry only.
const config = loadBffConfig();
const app = await buildApp(config);
await app.listen({ host: config.host, port: config.port });

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
