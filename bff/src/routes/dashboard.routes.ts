import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSummarySchema, ErrorEnvelopeSchema } from '@pawbridge/shared';
import { requireAdmin } from '../plugins/session';
import { isOk, type UpstreamResponse } from '../upstream/client';
import { dashboardUpstream } from '../upstream/dashboard.upstream';
import { normaliseDashboard } from '../normalisers/dashboard.normaliser';

const envelope = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema]));

/** The admin home's numbers: the upstream's three calls as one answer (spec §3 Dashboard, §8). */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dashboard = dashboardUpstream(app.upstream);

  r.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: '관리자 대시보드',
        description: '제보·입양·후원·유기견 현황을 한 번에. 일부 호출이 실패하면 그 부분은 0이고 `failed`에 이름이 실립니다(화면은 이를 알립니다). 관리자만(401/403).',
        response: { 200: DashboardSummarySchema, ...envelope(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const body = async (call: Promise<UpstreamResponse>) => {
        try {
          const res = await call;
          return isOk(res) ? res.json : undefined;
        } catch {
          return undefined;
        }
      };
      const [reportsAdoptions, donations, abandonedStatus] = await Promise.all([
        body(dashboard.reportsAdoptions(request)),
        body(dashboard.donations(request)),
        body(dashboard.abandonedStatus(request)),
      ]);
      return normaliseDashboard({ reportsAdoptions, donations, abandonedStatus });
    },
  );
};
