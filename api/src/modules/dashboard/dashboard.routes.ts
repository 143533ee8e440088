import type { ApiModule } from '../index';
import { requireAdmin } from '../../lib/auth';
import { abandonedStatus, donations, reportsAdoptions } from './dashboard.service';

/** The admin dashboard's three calls on the legacy paths (legacy-contract §3.3, §8); admins only. */
export const dashboardModule: ApiModule = async (app, ctx) => {
  app.get('/api/admin/dashboard/reports-adoptions', async (request) => {
    requireAdmin(request);
    return reportsAdoptions(ctx.db);
  });

  app.get('/api/admin/dashboard/donations', async (request) => {
    requireAdmin(request);
    return donations(ctx.db);
  });

  app.get('/api/admin/dashboard/abandoned-status', async (request) => {
    requireAdmin(request);
    return abandonedStatus(ctx.db);
  });
};
