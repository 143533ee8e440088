import type { FastifyRequest } from 'fastify';
import type { LoginRequest, SignupRequest } from '@pawbridge/shared';
import type { UpstreamClient, UpstreamResponse } from './client';

/** Account calls on the legacy paths (legacy-contract §3.1, §4). */
export const accountsUpstream = (client: UpstreamClient) => ({
  checkSession: (from: FastifyRequest): Promise<UpstreamResponse> => client.request('GET', '/api/users/check-session', { from }),
  login: (from: FastifyRequest, body: LoginRequest) => client.request('POST', '/api/users/login', { from, json: body }),
  logout: (from: FastifyRequest) => client.request('POST', '/api/users/logout', { from }),
  signup: (from: FastifyRequest, body: SignupRequest) => client.request('POST', '/api/users/signup', { from, json: body }),
  sendEmail: (from: FastifyRequest, email: string) => client.request('POST', '/api/users/send-email', { from, query: { email } }),
  verifyEmail: (from: FastifyRequest, code: string, email?: string) => client.request('POST', '/api/users/verify-email', { from, query: { code, email } }),
});
