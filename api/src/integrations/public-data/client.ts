import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { itemList, PortalEnvelopeSchema } from './items';

/**
 * The animal-protection open API (data.go.kr dataset 15098931,
 * abandonmentPublicService_v2): fetch + zod, bounded retries per page, the
 * portal's error forms as one typed error. The service key only ever goes
 * into the request URL, which is never logged nor put in an error.
 */

export const UPKIND_DOG = '417000';
export const PAGE_MAX = 1000;

/** Minimal logger shape (pino/Fastify compatible). */
export interface PortalLog {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export class PortalError extends Error {
  constructor(
    /** Stable code: AUTH_<reason> (20-33: key, limits), SERVICE_<reason>, RESULT_<code>, HTTP_<status>, NETWORK, TIMEOUT, MALFORMED. */
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PortalError';
  }

  /** "CODE: short reason", what a sync run records. */
  get summary(): string {
    return `${this.code}: ${this.message}`.slice(0, 300);
  }
}

// resultCode: 00 ok, 03 no data; 01/04/05 are the portal's own transient failures; the rest (auth, limits, bad params) are not.
const RETRYABLE_RESULT = new Set(['01', '04', '05']);

export interface AnimalsPageQuery {
  bgupd?: string;
  enupd?: string;
  bgnde?: string;
  endde?: string;
  pageNo: number;
  numOfRows: number;
}

export interface AnimalsPage {
  items: unknown[];
  /** null when the portal left it out. */
  totalCount: number | null;
  pageNo: number;
  numOfRows: number;
}

export interface PortalClientOptions {
  baseUrl: string;
  serviceKey: string;
  log?: PortalLog;
  fetch?: typeof fetch;
  /** Attempts per request (first try included). */
  attempts?: number;
  /** First back-off; doubles each retry. */
  backoffMs?: number;
  timeoutMs?: number;
  /** Look-ups (sido, sigungu, kind, shelter) are cached this long. */
  lookupTtlMs?: number;
  now?: () => number;
}

const xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false });

const XmlErrorSchema = z.object({
  OpenAPI_ServiceResponse: z.object({
    cmmMsgHeader: z.object({
      errMsg: z.string().optional(),
      returnAuthMsg: z.string().optional(),
      returnReasonCode: z.union([z.string(), z.number()]).optional(),
    }),
  }),
});

/** The XML error form (403/500, sometimes 200): a PortalError, or null when the text is not that form. */
export function xmlError(text: string): PortalError | null {
  if (!text.trimStart().startsWith('<')) return null;
  let parsed: unknown;
  try {
    parsed = xml.parse(text);
  } catch {
    return null;
  }
  const r = XmlErrorSchema.safeParse(parsed);
  if (!r.success) return null;
  const h = r.data.OpenAPI_ServiceResponse.cmmMsgHeader;
  const reason =
    String(h.returnReasonCode ?? '99')
      .replace(/\D/g, '')
      .slice(0, 4) || '99';
  const msg = (h.returnAuthMsg ?? h.errMsg ?? 'SERVICE ERROR').replace(/[^\w .-]/g, '').slice(0, 120);
  // 22 = daily limit exceeded, 30-33 = key not registered/expired/unregistered domain: retrying does not help.
  const auth = Number(reason) >= 20 && Number(reason) <= 33;
  return new PortalError(`${auth ? 'AUTH' : 'SERVICE'}_${reason}`, msg, reason === '01' || reason === '04' || reason === '05');
}

const LookupItemSchema = z.record(z.string(), z.unknown());

export class PublicDataClient {
  private readonly fetchImpl: typeof fetch;
  private readonly cache = new Map<string, { at: number; value: Record<string, unknown>[] }>();

  constructor(private readonly opts: PortalClientOptions) {
    this.fetchImpl = opts.fetch ?? fetch;
  }

  /** One page of dogs (upkind 417000) in an update-date window. */
  async animalsPage(q: AnimalsPageQuery): Promise<AnimalsPage> {
    const numOfRows = Math.min(Math.max(1, q.numOfRows), PAGE_MAX);
    const params: Record<string, string> = { upkind: UPKIND_DOG, pageNo: String(q.pageNo), numOfRows: String(numOfRows) };
    for (const k of ['bgupd', 'enupd', 'bgnde', 'endde'] as const) if (q[k]) params[k] = q[k];
    const env = await this.request('abandonmentPublic_v2', params);
    const body = env.response.body;
    return {
      items: itemList(body?.items),
      totalCount: body?.totalCount ?? null,
      pageNo: body?.pageNo ?? q.pageNo,
      numOfRows: body?.numOfRows ?? numOfRows,
    };
  }

  /** 시/도: [{orgCd, orgdownNm}]. */
  sido() {
    return this.lookup('sido_v2', { numOfRows: '100', pageNo: '1' });
  }

  sigungu(uprCd: string) {
    return this.lookup('sigungu_v2', { upr_cd: uprCd });
  }

  kinds() {
    return this.lookup('kind_v2', { up_kind_cd: UPKIND_DOG });
  }

  shelters(uprCd: string, orgCd: string) {
    return this.lookup('shelter_v2', { upr_cd: uprCd, org_cd: orgCd });
  }

  private async lookup(op: string, params: Record<string, string>): Promise<Record<string, unknown>[]> {
    const key = `${op}?${new URLSearchParams(params).toString()}`;
    const now = (this.opts.now ?? Date.now)();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < (this.opts.lookupTtlMs ?? 24 * 3600_000)) return hit.value;
    const env = await this.request(op, params);
    const value = itemList(env.response.body?.items).flatMap((i) => {
      const r = LookupItemSchema.safeParse(i);
      return r.success ? [r.data] : [];
    });
    this.cache.set(key, { at: now, value });
    return value;
  }

  /** One operation with bounded retries and back-off; throws PortalError. */
  private async request(op: string, params: Record<string, string>) {
    const attempts = Math.max(1, this.opts.attempts ?? 3);
    let last: PortalError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        return await this.once(op, params);
      } catch (err) {
        last = err instanceof PortalError ? err : new PortalError('NETWORK', 'request failed', true);
        // Only the operation, the page and the code: never the URL (it carries the key).
        this.opts.log?.warn({ op, pageNo: params.pageNo, attempt, code: last.code }, 'public data request failed');
        if (!last.retryable || attempt === attempts) break;
        await new Promise((r) => setTimeout(r, (this.opts.backoffMs ?? 500) * 2 ** (attempt - 1)));
      }
    }
    throw last ?? new PortalError('NETWORK', 'request failed', false);
  }

  private url(op: string, params: Record<string, string>): string {
    // A key copied in its "encoded" form (with %2B...) is sent as is; a decoded one is encoded here.
    const key = /%[0-9A-Fa-f]{2}/.test(this.opts.serviceKey) ? this.opts.serviceKey : encodeURIComponent(this.opts.serviceKey);
    const query = new URLSearchParams({ ...params, _type: 'json' }).toString();
    return `${this.opts.baseUrl}/${op}?serviceKey=${key}&${query}`;
  }

  private async once(op: string, params: Record<string, string>) {
    let res: Response;
    try {
      res = await this.fetchImpl(this.url(op, params), {
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 20_000),
        headers: { accept: 'application/json' },
      });
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new PortalError(timeout ? 'TIMEOUT' : 'NETWORK', timeout ? 'no answer in time' : 'could not reach the portal', true);
    }
    const text = await res.text().catch(() => '');
    const fromXml = xmlError(text);
    if (fromXml) throw fromXml;
    if (!res.ok) throw new PortalError(`HTTP_${res.status}`, `portal answered ${res.status}`, res.status >= 500 || res.status === 429);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PortalError('MALFORMED', 'answer is not JSON', true);
    }
    const env = PortalEnvelopeSchema.safeParse(json);
    if (!env.success) throw new PortalError('MALFORMED', 'answer has an unexpected shape', false);
    const code = env.data.response.header.resultCode;
    if (code === '03') return { response: { ...env.data.response, body: { items: '' as const, totalCount: 0 } } };
    if (code !== '00') {
      const msg = (env.data.response.header.resultMsg ?? '').replace(/[^\w .-]/g, '').slice(0, 120);
      throw new PortalError(
        `RESULT_${code.replace(/\W/g, '').slice(0, 4)}`,
        msg || 'portal refused the request',
        RETRYABLE_RESULT.has(code),
      );
    }
    return env.data;
  }
}
