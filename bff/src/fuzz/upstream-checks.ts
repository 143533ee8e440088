import type { z } from 'zod';
import {
  CommentRequestSchema,
  DonationPrepareRequestSchema,
  LoginRequestSchema,
  PetRegisterRequestSchema,
  SignupRequestSchema,
  StrayReportRequestSchema,
  StraySearchQuerySchema,
  TestCheckoutRequestSchema,
} from '@pawbridge/shared';
import type { RecordedRequest } from '../testing/recording-proxy';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const FORWARDABLE_COOKIE = /^JSESSIONID=[\x21-\x7E]{1,256}$/;

/** Upstream calls whose JSON body (or JSON part, or query) has a shared schema: what reached the upstream must satisfy it. */
const JSON_BODIES: [string, RegExp, z.ZodType][] = [
  ['POST', /^\/api\/users\/login$/, LoginRequestSchema],
  ['POST', /^\/api\/users\/signup$/, SignupRequestSchema],
  ['POST', /^\/api\/community\/comment\/\d+$/, CommentRequestSchema],
  ['POST', /^\/api\/abandoned\/donation\/prepare$/, DonationPrepareRequestSchema],
  ['POST', /^\/api\/abandoned\/donation\/test-checkout$/, TestCheckoutRequestSchema],
];
const JSON_PARTS: [string, RegExp, string, z.ZodType][] = [
  ['POST', /^\/api\/pet\/register$/, 'pet', PetRegisterRequestSchema],
  ['POST', /^\/api\/abandoned\/register$/, 'abandoned-pet', StrayReportRequestSchema],
];
const QUERIES: [string, RegExp, z.ZodType][] = [['GET', /^\/api\/abandoned\/abandoned-pets\/search$/, StraySearchQuerySchema]];

function hasControl(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL.test(value.replace(/[\n\r\t]/g, ''));
  if (Array.isArray(value)) return value.some(hasControl);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => hasControl(k) || hasControl(v));
  return false;
}

/** The JSON text of a named part of a multipart body (the BFF writes them with FormData). */
function multipartJson(body: Buffer, contentType: string, name: string): string | undefined {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) return undefined;
  for (const chunk of body.toString('utf8').split(`--${boundary}`)) {
    const split = chunk.indexOf('\r\n\r\n');
    if (split < 0 || !chunk.slice(0, split).includes(`name="${name}"`)) continue;
    return chunk.slice(split + 4).replace(/\r\n$/, '');
  }
  return undefined;
}

/** What is wrong with one request the upstream received (empty: nothing), and which shared schemas it was held to. */
export function upstreamProblems(r: RecordedRequest): { problems: string[]; checked: string[] } {
  const problems: string[] = [];
  const checked: string[] = [];
  const [rawPath = '', rawQuery = ''] = r.url.split('?');
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    problems.push('path is not valid percent-encoding');
  }
  if (CONTROL.test(path)) problems.push('control character in the path');
  if (path.split('/').some((s) => s === '..' || s === '.')) problems.push('dot segment in the path');
  const query = new URLSearchParams(rawQuery);
  for (const [k, v] of query) if (CONTROL.test(k) || CONTROL.test(v)) problems.push(`control character in query ${k}`);
  const h = r.headers;
  for (const banned of ['origin', 'x-forwarded-for', 'authorization', 'referer'])
    if (h[banned] !== undefined) problems.push(`forwarded the client's ${banned} header`);
  if (h.cookie !== undefined && !FORWARDABLE_COOKIE.test(String(h.cookie)))
    problems.push(`cookie forwarded as is: ${String(h.cookie).slice(0, 60)}`);
  const key = h['idempotency-key'];
  if (key !== undefined && !/^[A-Za-z0-9_-]{8,128}$/.test(String(key))) problems.push('idempotency-key not in the allowed form');
  if (r.method === 'GET' && key !== undefined) problems.push('idempotency-key on a read');
  const type = String(h['content-type'] ?? '');
  if (r.body.length > 0 && !/^(application\/json|multipart\/form-data)/.test(type)) problems.push(`body of type ${type || 'none'}`);

  if (type.startsWith('application/json')) {
    let json: unknown;
    try {
      json = JSON.parse(r.body.toString('utf8'));
    } catch {
      problems.push('JSON body that does not parse');
    }
    if (hasControl(json)) problems.push('control character in the JSON body');
    for (const [method, re, schema] of JSON_BODIES) {
      if (method !== r.method || !re.test(path)) continue;
      checked.push(`${method} ${re.source}`);
      if (!schema.safeParse(json).success) problems.push(`body fails its shared schema: ${r.body.toString('utf8').slice(0, 120)}`);
    }
  }
  for (const [method, re, part, schema] of JSON_PARTS) {
    if (method !== r.method || !re.test(path)) continue;
    checked.push(`${method} ${re.source} ${part}`);
    const text = multipartJson(r.body, type, part);
    let json: unknown;
    try {
      json = text === undefined ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (json === undefined) problems.push(`part ${part} missing or not JSON`);
    else if (hasControl(json)) problems.push(`control character in part ${part}`);
    else if (!schema.safeParse(json).success) problems.push(`part ${part} fails its shared schema: ${text?.slice(0, 120)}`);
  }
  for (const [method, re, schema] of QUERIES) {
    if (method !== r.method || !re.test(path)) continue;
    checked.push(`${method} ${re.source} query`);
    if (!schema.safeParse(Object.fromEntries(query)).success) problems.push(`query fails its shared schema: ${rawQuery.slice(0, 120)}`);
  }
  return { problems, checked };
}
