import type { ApiModule } from '../index';
import { requireAdmin } from '../../lib/auth';
import { DashboardService } from './dashboard.service';

/** The admin dashboard's three calls on the legacy paths (legacy-contract §3.3, §8); admins only. */
export const dashboardModule: ApiModule = async (app, ctx) => {
  const dashboard = new DashboardService(ctx);

  app.get('/api/admin/dashboard/reports-adoptions', async (request) => {
    requireAdmin(request);
    return dashboard.reportsAdoptions();
  });

  app.get('/api/admin/dashboard/donations', async (request) => {
    requireAdmin(request);
    return dashboard.donations();
  });

  app.get('/api/admin/dashboard/abandoned-status', async (request) => {
    requireAdmin(request);
    return dashboard.abandonedStatus();
  });
};
