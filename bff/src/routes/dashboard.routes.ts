import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DashboardAbandonedStatusSchema,
  DashboardDonationsSchema,
  DashboardReportsAdoptionsSchema,
  DashboardSummarySchema,
  type DashboardPart,
} from '@pawbridge/shared';
import type { z } from 'zod';
import { errorResponses } from '../errors/error-responses';
import { ADMIN_ONLY, requireAdmin } from '../plugins/session';

/** The admin home's numbers in one answer (spec §3 Dashboard, §8). Live changes arrive over the dashboard socket (realtime/). */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dashboard = app.gateways.dashboard;

  r.get(
    '/api/admin/dashboard',
    {
      config: ADMIN_ONLY,
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

  // Spec §7's three calls, each on its own path as the spec (and the legacy's own front end) names it;
  // the merged answer above is the BFF's addition. One upstream call each, its failure said (no zeros).
  const parts: { path: string; part: DashboardPart; schema: z.ZodType; summary: string; description: string }[] = [
    {
      path: '/api/admin/dashboard/reports-adoptions',
      part: 'reportsAdoptions',
      schema: DashboardReportsAdoptionsSchema,
      summary: '대시보드: 제보·입양 수',
      description: 'reportCount(보호 중 제보), adoptionCount(등록된 유기견 전체), pendingReports(대기 제보), pendingAdoptions(입양 대기).',
    },
    {
      path: '/api/admin/dashboard/donations',
      part: 'donations',
      schema: DashboardDonationsSchema,
      summary: '대시보드: 후원',
      description: 'totalAmount(후원 총액, 원), monthlyCount(이번 달 후원 건수).',
    },
    {
      path: '/api/admin/dashboard/abandoned-status',
      part: 'abandonedStatus',
      schema: DashboardAbandonedStatusSchema,
      summary: '대시보드: 유기견 상태별 수',
      description: 'lost, protecting, waiting, adopt (상태별 유기견 수).',
    },
  ];
  for (const { path, part, schema, summary, description } of parts) {
    r.get(
      path,
      {
        config: ADMIN_ONLY,
        schema: {
          tags: ['admin'],
          summary,
          description: `${description} 관리자만(401/403). 서버가 답하지 못하면 502(0으로 채우지 않음). 한 번에 모두 보려면 \`/api/admin/dashboard\`.`,
          response: { 200: schema, ...errorResponses(401, 403, 502, 504) },
        },
      },
      async (request, reply) => {
        await requireAdmin(request);
        return reply.header('cache-control', 'no-store').send(await dashboard.part(request, part));
      },
    );
  }
};
