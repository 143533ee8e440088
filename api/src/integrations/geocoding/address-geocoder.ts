import type { LatLngPoint } from '@pawbridge/shared';
import type { KakaoLocalConfig } from './reverse-geocoder';

/**
 * A map provider's point for an address in words ("경기도 수원시 권선구 호매실로 ..."). Null when the
 * provider knows no such address (an answer worth keeping); throws when it could not answer (a timeout,
 * a refusal, a body of another shape), so the caller asks again later instead of remembering "nowhere".
 */
export interface AddressGeocoder {
  positionOf(address: string): Promise<LatLngPoint | null>;
}

interface AddressDocument {
  x?: unknown;
  y?: unknown;
}

const coordinate = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : null;
};

/** Kakao Local's address search (search/address): the first document's point (x is longitude, y latitude). */
export function kakaoAddressGeocoder(config: KakaoLocalConfig, doFetch: typeof fetch = fetch): AddressGeocoder {
  return {
    async positionOf(address) {
      const url = new URL('/v2/local/search/address.json', config.baseUrl);
      url.searchParams.set('query', address);
      url.searchParams.set('size', '1');
      const res = await doFetch(url, {
        headers: { authorization: `KakaoAK ${config.restKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!res.ok) throw new Error(`kakao address search: HTTP ${res.status}`);
      const body = (await res.json()) as { documents?: unknown };
      if (!Array.isArray(body.documents)) throw new Error('kakao address search: no documents');
      const first = (body.documents as AddressDocument[])[0];
      if (!first) return null;
      const lat = coordinate(first.y);
      const lng = coordinate(first.x);
      if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new Error('kakao address search: bad point');
      return { lat, lng };
    },
  };
}

/** Without a provider there is no address search (undefined): shelter notices then alert nobody. */
export const createAddressGeocoder = (kakao: KakaoLocalConfig | undefined): AddressGeocoder | undefined =>
  kakao ? kakaoAddressGeocoder(kakao) : undefined;
