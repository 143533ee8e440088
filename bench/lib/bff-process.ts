/**
 * Child process: our BFF as production builds it (buildApp with the config
 * read from the environment), on a free port. The parent sets UPSTREAM_URL,
 * LOG_LEVEL and the rest.
 */
import { loadBffConfig } from '../../bff/src/config/env';
import { buildApp } from '../../bff/src/app';
import { announceReady, stopOnSignal } from './procs';

const config = loadBffConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const app = await buildApp(config);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
stopOnSignal(() => app.close());
announceReady({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
