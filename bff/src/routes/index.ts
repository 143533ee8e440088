import type { FastifyPluginAsync } from 'fastify';
import { configRoutes } from './config.routes';
import { uploadsRoutes } from './uploads.routes';
import { accountRoutes } from './accounts.routes';
import { petRoutes } from './pets.routes';
import { strayRoutes } from './strays.routes';
import { adoptionRoutes } from './adoption.routes';
import { adminRoutes } from './admin.routes';
import { communityRoutes } from './community.routes';
import { notificationRoutes } from './notifications.routes';
import { dashboardRoutes } from './dashboard.routes';
import { oauthRoutes } from './oauth.routes';
import { donationRoutes } from './donations.routes';
import { shelterRoutes } from './shelter.routes';
import { lostRoutes } from './lost.routes';
import { crawlerRoutes } from './crawlers.routes';
import { alertsRoutes } from './alerts.routes';
import { favouriteRoutes } from './favourites.routes';

/** Every route plugin, registered by app.ts. */
export const routes: FastifyPluginAsync[] = [
  configRoutes,
  uploadsRoutes,
  accountRoutes,
  petRoutes,
  strayRoutes,
  adoptionRoutes,
  adminRoutes,
  communityRoutes,
  notificationRoutes,
  dashboardRoutes,
  oauthRoutes,
  donationRoutes,
  shelterRoutes,
  lostRoutes,
  alertsRoutes,
  favouriteRoutes,
  crawlerRoutes,
];
