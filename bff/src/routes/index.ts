import type { FastifyPluginAsync } from 'fastify';
import { configRoutes } from './config.routes';
import { uploadsRoutes } from './uploads.routes';
import { accountRoutes } from './accounts.routes';

/** Every route plugin, registered by app.ts. */
export const routes: FastifyPluginAsync[] = [configRoutes, uploadsRoutes, accountRoutes];
