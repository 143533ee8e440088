import type { LatLngPoint } from '@pawbridge/shared';

/** A map provider's words for a point ("부산광역시 해운대구 우동"), or null when it cannot say. */
export interface ReverseGeocoder {
  placeOf(p: LatLngPoint): Promise<string | null>;
}

export interface KakaoLocalConfig {
  /** The Kakao REST API key (Authorization: KakaoAK <key>). */
  restKey: string;
  /** https://dapi.kakao.com, or a local stand-in in tests. */
  baseUrl: string;
  timeoutMs: number;
}

interface RegionDocument {
  region_type?: unknown;
  address_name?: unknown;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim().replace(/\s+/g, ' ') : null);

/**
 * Kakao Local's coord2regioncode: the 법정동 (B) address people write, else the 행정동 (H) one.
 * Any failure (timeout, refusal, a body of another shape) is null: a report never waits on or
 * fails because of the map provider; readers then say the region from our own data.
 */
export function kakaoReverseGeocoder(config: KakaoLocalConfig, doFetch: typeof fetch = fetch): ReverseGeocoder {
  return {
    async placeOf(p) {
      const url = new URL('/v2/local/geo/coord2regioncode.json', config.baseUrl);
      url.searchParams.set('x', String(p.lng));
      url.searchParams.set('y', String(p.lat));
      try {
        const res = await doFetch(url, {
          headers: { authorization: `KakaoAK ${config.restKey}`, accept: 'application/json' },
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        if (!res.ok) return null;
        const body = (await res.json()) as { documents?: unknown };
        const docs = Array.isArray(body.documents) ? (body.documents as RegionDocument[]) : [];
        const pick = (type: string) => text(docs.find((d) => d.region_type === type)?.address_name);
        return (pick('B') ?? pick('H'))?.slice(0, 100) ?? null;
      } catch {
        return null;
      }
    },
  };
}

/** Without a provider nothing is looked up (null): the region is said from our own data when read. */
export const noReverseGeocoder: ReverseGeocoder = { placeOf: async () => null };

export const createReverseGeocoder = (kakao: KakaoLocalConfig | undefined): ReverseGeocoder =>
  kakao ? kakaoReverseGeocoder(kakao) : noReverseGeocoder;
