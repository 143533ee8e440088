import { describe, expect, it } from 'vitest';
import { MAP_DEFAULT_CENTER } from './constants';
import { isInRegion, REGION_GEOMETRY, REGIONS, regionOf } from './regions';
import { StrayReportRequestSchema } from './strays.schema';

const report = (location: string) => ({
  latitude: 35.87,
  longitude: 128.6,
  description: '대구역 앞',
  location,
  foundDate: '2026-11-20',
  foundTime: '14:30',
});

describe('regions', () => {
  it('offers all 17 시·도 and keeps the spec’s 11 names as the legacy spells them', () => {
    expect(REGIONS).toHaveLength(17);
    for (const legacy of [
      '서울특별시',
      '인천광역시',
      '경기도',
      '강원도',
      '전라북도',
      '전라남도',
      '충청북도',
      '충청남도',
      '경상북도',
      '경상남도',
      '부산광역시',
    ])
      expect(REGIONS).toContain(legacy);
    for (const added of ['대구광역시', '대전광역시', '광주광역시', '울산광역시', '세종특별자치시', '제주특별자치도'])
      expect(REGIONS).toContain(added);
  });

  it('lets a finder in Daegu report (the shared request schema the BFF and api both apply)', () => {
    expect(StrayReportRequestSchema.safeParse(report('대구광역시')).success).toBe(true);
    expect(StrayReportRequestSchema.safeParse(report('대구')).success).toBe(false);
  });

  it('puts every centre inside its own box, and Seoul’s at the map default', () => {
    for (const r of REGIONS) expect(isInRegion(r, REGION_GEOMETRY[r].centre)).toBe(true);
    expect(REGION_GEOMETRY['서울특별시'].centre).toEqual(MAP_DEFAULT_CENTER);
  });

  it('finds the region of each centre, cities winning over the province around them', () => {
    for (const r of REGIONS) expect(regionOf(REGION_GEOMETRY[r].centre)).toBe(r);
  });

  it.each([
    [{ lat: 37.556, lng: 126.901 }, '서울특별시'], // 망원동
    [{ lat: 35.1587, lng: 129.1604 }, '부산광역시'], // 해운대
    [{ lat: 37.2871, lng: 127.0119 }, '경기도'], // 수원 화성
    [{ lat: 33.2541, lng: 126.56 }, '제주특별자치도'], // 서귀포
    [{ lat: 37.4845, lng: 130.9057 }, '경상북도'], // 울릉도
    [{ lat: 35.0, lng: 140.0 }, null], // the sea off Japan
  ] as const)('places %o in %s', (p, region) => {
    expect(regionOf(p)).toBe(region);
  });

  it('says a Busan pin is outside Seoul', () => {
    expect(isInRegion('서울특별시', { lat: 35.1587, lng: 129.1604 })).toBe(false);
  });
});
