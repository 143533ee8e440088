import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A local stand-in for PortOne's v1 REST API (tests only): getToken, payment
 * lookup and cancel, with PortOne's envelope `{code, message, response}`.
 * `tokenTtlSeconds` and `clockOffsetSeconds` script expiry; counters show what was called.
 */
export interface FakePortOne {
  url: string;
  apiKey: string;
  apiSecret: string;
  payments: Map<string, { imp_uid: string; merchant_uid: string; amount: number; status: string; pay_method: string }>;
  tokensIssued: number;
  lookups: number;
  cancels: string[];
  tokenTtlSeconds: number;
  /** Moves the fake's clock (and so token expiry) forward. */
  clockOffsetSeconds: number;
  /** Forget every token (as if PortOne revoked them): the next call with an old token gets 401. */
  revokeTokens(): void;
  addPayment(p: { merchantUid: string; amount: number; status?: string }): string;
  close(): Promise<void>;
}

export async function startFakePortOne(): Promise<FakePortOne> {
  const app: FastifyInstance = Fastify({ logger: false });
  const tokens = new Map<string, number>();
  const now = () => Math.floor(Date.now() / 1000) + fake.clockOffsetSeconds;
  const fake: FakePortOne = {
    url: '',
    apiKey: 'test-key',
    apiSecret: 'test-secret',
    payments: new Map(),
    tokensIssued: 0,
    lookups: 0,
    cancels: [],
    tokenTtlSeconds: 1800,
    clockOffsetSeconds: 0,
    revokeTokens: () => tokens.clear(),
    addPayment({ merchantUid, amount, status = 'paid' }) {
      const impUid = `imp_${crypto.randomInt(1e11, 9e11)}`;
      fake.payments.set(impUid, { imp_uid: impUid, merchant_uid: merchantUid, amount, status, pay_method: 'card' });
      return impUid;
    },
    close: () => app.close(),
  };

  app.post<{ Body: { imp_key?: string; imp_secret?: string } }>('/users/getToken', async (req, reply) => {
    if (req.body?.imp_key !== fake.apiKey || req.body?.imp_secret !== fake.apiSecret)
      return reply.code(401).send({ code: -1, message: '인증에 실패하였습니다.', response: null });
    const token = crypto.randomBytes(12).toString('hex');
    const expiredAt = now() + fake.tokenTtlSeconds;
    tokens.set(token, expiredAt);
    fake.tokensIssued++;
    return { code: 0, message: null, response: { access_token: token, expired_at: expiredAt, now: now() } };
  });

  const authorised = (header: string | undefined) => {
    const token = header?.replace(/^Bearer /, '') ?? '';
    const exp = tokens.get(token);
    return exp !== undefined && exp > now();
  };

  app.get<{ Params: { impUid: string } }>('/payments/:impUid', async (req, reply) => {
    if (!authorised(req.headers.authorization)) return reply.code(401).send({ code: -1, message: 'Unauthorized', response: null });
    fake.lookups++;
    const p = fake.payments.get(req.params.impUid);
    if (!p) return reply.code(404).send({ code: -1, message: '존재하지 않는 결제정보입니다.', response: null });
    return { code: 0, message: null, response: p };
  });

  app.post<{ Body: { imp_uid?: string } }>('/payments/cancel', async (req, reply) => {
    if (!authorised(req.headers.authorization)) return reply.code(401).send({ code: -1, message: 'Unauthorized', response: null });
    const p = fake.payments.get(req.body?.imp_uid ?? '');
    if (!p || p.status !== 'paid') return reply.send({ code: 1, message: '취소할 결제건이 존재하지 않습니다.', response: null });
    p.status = 'cancelled';
    fake.cancels.push(p.imp_uid);
    return { code: 0, message: null, response: p };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return fake;
}
