import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { KAKAO_SHARE_SDK } from '@pawbridge/shared';
import type { BffConfig } from '../config/env';

/** PortOne (Iamport v1) for donations: its SDK script, the payment window it frames, its API. */
const PORTONE = { script: ['https://cdn.iamport.kr'], frame: ['https://*.iamport.kr'], connect: ['https://*.iamport.kr'] };

/**
 * Kakao Maps (only when KAKAO_MAP_KEY is set): sdk.js on dapi.kakao.com loads
 * the map code from t1.daumcdn.net and geocodes through JSONP scripts on
 * dapi.kakao.com; tiles and marker images come from *.daumcdn.net.
 */
const KAKAO = {
  script: ['https://dapi.kakao.com', 'https://*.daumcdn.net'],
  img: ['https://*.daumcdn.net', 'https://*.kakaocdn.net'],
  connect: ['https://dapi.kakao.com'],
};

/** KakaoTalk share (only when a Kakao JavaScript key is set): the SDK script's host; the share opens Kakao's own window. */
function kakaoShare(sdkUrl: string | undefined) {
  return { script: [new URL(sdkUrl ?? KAKAO_SHARE_SDK.url).origin], connect: ['https://*.kakao.com'] };
}

/**
 * The origin a Leaflet tile template loads from, with a `{s}`-style subdomain
 * placeholder widened to `*` (`https://{s}.tile.openstreetmap.org/…` →
 * `https://*.tile.openstreetmap.org`); a relative template needs nothing extra.
 */
export function tileOrigin(template: string): string | null {
  const m = /^(https?):\/\/([^/]+)/i.exec(template);
  if (!m?.[1] || !m[2]) return null;
  const host = m[2].replace(/^\{[^}]+\}(?=\.)/, '*');
  return /[{}]/.test(host) ? null : `${m[1].toLowerCase()}://${host.toLowerCase()}`;
}

/** The CSP directives: exactly what the SPA loads for this configuration. */
export function cspDirectives(
  config: Pick<BffConfig, 'kakaoMapKey' | 'mapTileUrl' | 'hstsMaxAgeSeconds'> & Partial<Pick<BffConfig, 'kakaoShareKey' | 'kakaoShareSdk'>>,
): Record<string, string[] | null> {
  const kakao = config.kakaoMapKey ? KAKAO : { script: [], img: [], connect: [] };
  const share = config.kakaoShareKey ? kakaoShare(config.kakaoShareSdk?.url) : { script: [], connect: [] };
  const tiles = config.kakaoMapKey ? [] : [tileOrigin(config.mapTileUrl)].filter((o): o is string => o !== null);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'", ...kakao.script, ...share.script, ...PORTONE.script],
    // Mantine writes style attributes and injects <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // data: for inline SVG/CSS images; blob: for the preview of a photo being chosen.
    imgSrc: ["'self'", 'data:', 'blob:', ...tiles, ...kakao.img],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...kakao.connect, ...share.connect, ...PORTONE.connect],
    frameSrc: [...PORTONE.frame],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    // Behind TLS (HSTS configured) a stray http:// URL is upgraded instead of blocked as mixed content.
    upgradeInsecureRequests: config.hstsMaxAgeSeconds > 0 ? [] : null,
  };
}

/**
 * The headers helmet writes for these options, computed once: helmet's middleware run on a
 * recording response. Our directives are static (no nonces), so every answer gets the same set.
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return [...headers];
}

/**
 * Security headers on every answer (helmet's): the CSP above, framing refused
 * (frame-ancestors and X-Frame-Options), nosniff, Referrer-Policy, and HSTS
 * only when HSTS_MAX_AGE_SECONDS says the app is reached over https. Routes
 * may narrow the CSP (photos send `default-src 'none'`: a reply header wins
 * over these).
 *
 * perf (issue 26, docs/decisions/0036): @fastify/helmet built a helmet
 * middleware per request (parsing the CSP directives each time, two hooks, one
 * of them async): ~4 % of the BFF's CPU on a proxied list. The header set is
 * computed once here and written by one synchronous hook.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const config = app.config;
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
      strictTransportSecurity: config.hstsMaxAgeSeconds > 0 ? { maxAge: config.hstsMaxAgeSeconds, includeSubDomains: false } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      // Map tiles and the payment SDK are cross-origin resources without CORP headers.
      crossOriginEmbedderPolicy: false,
      // A payment provider may open a popup that reports back to this window.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
