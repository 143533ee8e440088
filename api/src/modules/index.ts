import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { usersModule } from './users/users.routes';
import { petsModule } from './pets/pets.routes';
import { straysModule } from './strays/strays.routes';
import { adoptionModule } from './adoption/adoption.routes';
import { notificationsModule } from './notifications/notifications.routes';
import { dashboardModule } from './dashboard/dashboard.routes';
import { communityModule } from './community/community.routes';
import { oauthModule } from './oauth/oauth.routes';
import { donationsModule } from './donations/donations.routes';
import { shelterModule } from './shelter/shelter.routes';
import { lostModule } from './lost/lost.routes';
import { matchingModule } from './matching/matching.routes';
import { alertsModule } from './alerts/alerts.routes';
import { favouritesModule } from './favourites/favourites.routes';

export type ApiModule = (app: FastifyInstance, ctx: ApiContext) => Promise<void>;

/** Every domain module, registered in this order by app.ts. */
export const modules: ApiModule[] = [
  usersModule,
  petsModule,
  straysModule,
  adoptionModule,
  notificationsModule,
  dashboardModule,
  communityModule,
  oauthModule,
  donationsModule,
  shelterModule,
  lostModule,
  matchingModule,
  alertsModule,
  favouritesModule,
];
