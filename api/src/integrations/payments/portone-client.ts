import { z } from 'zod';
import { PaymentGatewayError, type GatewayPayment, type PaymentGateway } from './payment-gateway';

export interface PortOneOptions {
  /** https://api.iamport.kr, or a local stand-in in tests. */
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  timeoutMs?: number;
  /** For tests: the clock the token expiry is compared with (ms). */
  now?: () => number;
}

// PortOne v1 wraps every answer: {code: 0 | -1 | ..., message, response}.
const Envelope = z.object({ code: z.number(), message: z.string().nullable().optional(), response: z.unknown() });
const TokenResponse = z.object({ access_token: z.string().min(1), expired_at: z.number(), now: z.number().optional() });
const PaymentResponse = z.object({
  imp_uid: z.string(),
  merchant_uid: z.string(),
  amount: z.number(),
  status: z.string(),
  pay_method: z.string().nullable().optional(),
});

/** Renew this long before PortOne's own expiry, so a token never dies mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * PortOne (Iamport v1) REST client: token, payment lookup, cancel. The legacy
 * read `expired_at` (a Unix time) as "seconds from now" and so kept one token
 * forever; here the token is kept until its real expiry, measured on PortOne's
 * own clock (`now` in the same answer) so a skewed local clock cannot stretch it.
 */
export class PortOneClient implements PaymentGateway {
  readonly kind = 'portone' as const;
  private token: { value: string; validUntil: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly now: () => number;

  constructor(private readonly opts: PortOneOptions) {
    this.now = opts.now ?? Date.now;
  }

  async getPayment(impUid: string): Promise<GatewayPayment | null> {
    const res = await this.authorised('GET', `/payments/${encodeURIComponent(impUid)}`);
    // PortOne answers an unknown imp_uid with 404 {code: -1, response: null}.
    if (res.status === 404 || (res.body.code !== 0 && res.body.response == null && res.status < 500)) return null;
    if (res.status !== 200 || res.body.code !== 0)
      throw new PaymentGatewayError(`PortOne payment lookup failed: ${res.status} ${res.body.message ?? ''}`);
    const p = PaymentResponse.safeParse(res.body.response);
    if (!p.success) throw new PaymentGatewayError('PortOne answered a payment we cannot read');
    return {
      impUid: p.data.imp_uid,
      merchantUid: p.data.merchant_uid,
      amount: p.data.amount,
      status: p.data.status,
      payMethod: p.data.pay_method ?? null,
    };
  }

  async cancel(impUid: string, reason: string): Promise<void> {
    const res = await this.authorised('POST', '/payments/cancel', { imp_uid: impUid, reason });
    if (res.status !== 200 || res.body.code !== 0)
      throw new PaymentGatewayError(`PortOne cancel failed: ${res.status} ${res.body.message ?? ''}`);
  }

  /** One call with a valid token; a 401 (token revoked early) gets one fresh token and one retry. */
  private async authorised(method: 'GET' | 'POST', path: string, json?: unknown) {
    const first = await this.call(method, path, json, await this.accessToken());
    if (first.status !== 401) return first;
    this.token = null;
    return this.call(method, path, json, await this.accessToken());
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.validUntil) return this.token.value;
    // Concurrent verifications share one token request.
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const res = await this.call('POST', '/users/getToken', { imp_key: this.opts.apiKey, imp_secret: this.opts.apiSecret });
    const t = TokenResponse.safeParse(res.body.response);
    if (res.status !== 200 || res.body.code !== 0 || !t.success)
      throw new PaymentGatewayError(`PortOne token refused: ${res.status} ${res.body.message ?? ''}`);
    const remainingMs = (t.data.expired_at - (t.data.now ?? this.now() / 1000)) * 1000;
    this.token = { value: t.data.access_token, validUntil: this.now() + remainingMs - EXPIRY_MARGIN_MS };
    return t.data.access_token;
  }

  private async call(method: 'GET' | 'POST', path: string, json: unknown, token?: string) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await fetch(this.opts.apiUrl + path, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new PaymentGatewayError('PortOne unreachable', err);
    }
    const parsed = Envelope.safeParse(await res.json().catch(() => null));
    return { status: res.status, body: parsed.success ? parsed.data : { code: -1, message: null, response: null } };
  }
}
