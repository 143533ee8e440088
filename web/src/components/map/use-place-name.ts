import useSWR from 'swr';
import { regionOf } from '@pawbridge/shared';
import { usePublicConfig } from '@/lib/public-config';
import { t } from '@/messages';
import type { LatLng } from './types';

const fmt = (n: number) => n.toFixed(6);

/**
 * The address of a point when the deployment has a Kakao key (reverse
 * geocoding); null without one, while it loads, or when Kakao cannot say.
 */
export function usePlaceName(p: LatLng | null | undefined): string | null {
  const { config } = usePublicConfig();
  const appKey = config?.map.provider === 'kakao' ? config.map.appKey : null;
  const key = appKey && p ? (['place', appKey, fmt(p.lat), fmt(p.lng)] as const) : null;
  const { data } = useSWR(
    key,
    ([, k, lat, lng]) => import('./kakao-engine').then((m) => m.reverseGeocode({ lat: Number(lat), lng: Number(lng) }, { appKey: k })),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError: (err: unknown) => console.warn('[map] reverse geocoding failed', err),
    },
  );
  return data ?? null;
}

/**
 * A point in words (issue 25 item 8): the address when known (reverse geocoding), else the region
 * whose box holds it ("near <region>"); the coordinates only for a point outside every region.
 */
export function placeWords(p: LatLng, address: string | null): string {
  if (address) return address;
  const region = regionOf(p);
  return region ? t('map.place.near', { region }) : t('map.place.coords', { lat: fmt(p.lat), lng: fmt(p.lng) });
}
