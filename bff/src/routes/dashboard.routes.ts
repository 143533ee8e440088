import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSummarySchema } from '@pawbridge/shared';
import { errorResponses } from '../errors/error-responses';
import { requireAdmin } from '../plugins/session';

/** The admin home's numbers in one answer (spec §3 Dashboard, §8). Live changes arrive over the dashboard socket (realtime/). */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dashboard = app.gateways.dashboard;

  r.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: '관리자 대시보드',
        description:
          '제보·입양·후원·유기견 현황을 한 번에. 일부 호출이 실패하면 그 부분은 0이고 `failed`에 이름이 실립니다(화면은 이를 알립니다). 관리자만(401/403).',
        response: { 200: DashboardSummarySchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.header('cache-control', 'no-store').send(await dashboard.summary(request));
    },
  );
};
