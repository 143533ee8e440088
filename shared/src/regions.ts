// Korea's 17 시·도 with a centre and a bounding box each: enough to move a map
// to a region and to notice a pin far from the chosen region without a geocoder.

/**
 * In the statutory order of the 시·도 (특별·광역시 first, then 도), which is how
 * people expect a picker to read. The spec's 11 names are spelled as the legacy
 * front end sends them (e.g. 강원도, 전라북도, not the newer 특별자치도 names):
 * the legacy upstream stores and searches by these strings. 대구, 대전, 광주,
 * 울산, 세종 and 제주 complete the 17 so a finder anywhere can report.
 */
export const REGIONS = [
  '서울특별시',
  '부산광역시',
  '대구광역시',
  '인천광역시',
  '광주광역시',
  '대전광역시',
  '울산광역시',
  '세종특별자치시',
  '경기도',
  '강원도',
  '충청북도',
  '충청남도',
  '전라북도',
  '전라남도',
  '경상북도',
  '경상남도',
  '제주특별자치도',
] as const;
export type Region = (typeof REGIONS)[number];

export interface LatLngPoint {
  lat: number;
  lng: number;
}

export interface GeoBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface RegionGeometry {
  /** The seat of the regional government (시청·도청): where the map opens for the region. */
  centre: LatLngPoint;
  /** Boxes that together cover the region, islands included (approximate, to a few km). */
  boxes: readonly GeoBox[];
}

export const REGION_GEOMETRY: Record<Region, RegionGeometry> = {
  서울특별시: { centre: { lat: 37.566535, lng: 126.9779692 }, boxes: [{ south: 37.41, west: 126.73, north: 37.72, east: 127.27 }] },
  부산광역시: { centre: { lat: 35.1798, lng: 129.075 }, boxes: [{ south: 34.87, west: 128.76, north: 35.4, east: 129.32 }] },
  대구광역시: { centre: { lat: 35.8714, lng: 128.6014 }, boxes: [{ south: 35.6, west: 128.35, north: 36.33, east: 128.86 }] },
  // Mainland with 강화, then the western islands (백령도, 연평도, 옹진).
  인천광역시: {
    centre: { lat: 37.4563, lng: 126.7052 },
    boxes: [
      { south: 37.33, west: 126.35, north: 37.82, east: 126.8 },
      { south: 36.9, west: 124.6, north: 37.99, east: 126.35 },
    ],
  },
  광주광역시: { centre: { lat: 35.1601, lng: 126.8514 }, boxes: [{ south: 35.05, west: 126.64, north: 35.26, east: 127.02 }] },
  대전광역시: { centre: { lat: 36.3504, lng: 127.3845 }, boxes: [{ south: 36.18, west: 127.24, north: 36.5, east: 127.56 }] },
  울산광역시: { centre: { lat: 35.5396, lng: 129.3115 }, boxes: [{ south: 35.32, west: 128.96, north: 35.73, east: 129.47 }] },
  세종특별자치시: { centre: { lat: 36.48, lng: 127.289 }, boxes: [{ south: 36.4, west: 127.14, north: 36.73, east: 127.4 }] },
  // South of 양평·가평, then the narrower north (가평, 포천, 연천) that stops short of 춘천.
  경기도: {
    centre: { lat: 37.2893, lng: 127.0535 },
    boxes: [
      { south: 36.89, west: 126.37, north: 37.8, east: 127.86 },
      { south: 37.8, west: 126.6, north: 38.3, east: 127.6 },
    ],
  },
  강원도: { centre: { lat: 37.8853, lng: 127.7298 }, boxes: [{ south: 37.02, west: 127.08, north: 38.62, east: 129.37 }] },
  // The south (청주 to 영동), then the north-east arm (충주, 제천, 단양) above 안동.
  충청북도: {
    centre: { lat: 36.6357, lng: 127.4915 },
    boxes: [
      { south: 35.99, west: 127.26, north: 36.75, east: 128.1 },
      { south: 36.75, west: 127.4, north: 37.27, east: 128.66 },
    ],
  },
  충청남도: { centre: { lat: 36.6588, lng: 126.6728 }, boxes: [{ south: 35.97, west: 125.5, north: 37.08, east: 127.64 }] },
  전라북도: { centre: { lat: 35.8203, lng: 127.1088 }, boxes: [{ south: 35.28, west: 125.95, north: 36.16, east: 127.92 }] },
  전라남도: { centre: { lat: 34.8161, lng: 126.4629 }, boxes: [{ south: 33.85, west: 125.05, north: 35.5, east: 127.9 }] },
  // Mainland, then 울릉도 and 독도.
  경상북도: {
    centre: { lat: 36.576, lng: 128.5056 },
    boxes: [
      { south: 35.56, west: 127.8, north: 37.1, east: 129.6 },
      { south: 37.2, west: 130.7, north: 37.6, east: 131.9 },
    ],
  },
  경상남도: { centre: { lat: 35.2383, lng: 128.6925 }, boxes: [{ south: 34.45, west: 127.56, north: 35.91, east: 129.23 }] },
  제주특별자치도: { centre: { lat: 33.489, lng: 126.4983 }, boxes: [{ south: 33.1, west: 126.08, north: 34.0, east: 126.98 }] },
};

export const isRegion = (value: string): value is Region => (REGIONS as readonly string[]).includes(value);

const contains = (b: GeoBox, p: LatLngPoint) => p.lat >= b.south && p.lat <= b.north && p.lng >= b.west && p.lng <= b.east;
const boxArea = (b: GeoBox) => (b.north - b.south) * (b.east - b.west);

/** Whether a point lies inside the region's boxes (lenient: near a border this may say yes for a neighbour's point). */
export function isInRegion(region: Region, p: LatLngPoint): boolean {
  return REGION_GEOMETRY[region].boxes.some((b) => contains(b, p));
}

/**
 * The region a point most likely lies in, or null outside every box (at sea,
 * abroad). Boxes overlap (서울 lies inside 경기도's box), so the smallest box
 * that holds the point wins: cities are small and sit inside their province's box.
 */
export function regionOf(p: LatLngPoint): Region | null {
  let best: { region: Region; area: number } | null = null;
  for (const region of REGIONS) {
    for (const b of REGION_GEOMETRY[region].boxes) {
      if (contains(b, p) && (best === null || boxArea(b) < best.area)) best = { region, area: boxArea(b) };
    }
  }
  return best?.region ?? null;
}

/**
 * Where a point is, in words, from our own data alone (decision 0033): its 시·도 by the boxes above,
 * else the region the reporter chose (at sea, abroad, or no point at all). Never the coordinates.
 * A map provider's address ("부산광역시 해운대구 우동"), when one was looked up, comes first.
 */
export function placeInWords(p: LatLngPoint | null, chosenRegion: string, address?: string | null): string {
  const known = address?.trim();
  if (known) return known;
  return (p && regionOf(p)) || chosenRegion.trim();
}
