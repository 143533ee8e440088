import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatLngPoint } from '@pawbridge/shared';
import { kakaoAddressGeocoder, type AddressGeocoder } from '../../integrations/geocoding/address-geocoder';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createMember, type Member } from '../../testing/fixtures';
import { HERE } from '../lost/lost.testing';
import { ShelterPlaces, SHELTER_ALERT_WINDOW_MS } from './shelter-places';

// Shelter notices in neighbourhood alerts (issue 28, decision 0043 amended): a notice is placed at its
// shelter's address (the address search, cached per address), then the fan-out tells members who chose shelter animals.

const log = pino({ level: 'silent' });
const SHELTER_ADDRESS = '서울특별시 마포구 월드컵로 212';
let api: TestApi;
let wantsShelter: Member;
let noShelter: Member;
let far: Member;

/** An offline stand-in for the address search: knows one address, fails on one, records every question. */
function standIn(): AddressGeocoder & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async positionOf(address) {
      asked.push(address);
      if (address.includes('고장')) throw new Error('search down');
      return address === SHELTER_ADDRESS ? { lat: HERE.lat + 0.009, lng: HERE.lng } : null;
    },
  };
}

const notice = (desertionNo: string, over: Record<string, unknown> = {}) =>
  api.ctx.db
    .insertInto('shelterAnimals')
    .values({
      desertionNo,
      kind: '[개] 푸들',
      color: '갈색',
      sex: 'M',
      neutered: 'U',
      ageText: '2022(년생)',
      birthYear: 2022,
      happenDate: '2026-11-20',
      happenPlace: '마포구 망원동',
      processState: '보호중',
      status: 'OPEN',
      shelterName: '마포 동물보호센터',
      shelterAddress: `  서울특별시  마포구 월드컵로 212 `,
      sido: '서울특별시',
      sigungu: '마포구',
      ...over,
    } as never)
    .execute();
const bells = async (m: Member) =>
  api.ctx.db
    .selectFrom('notifications')
    .select(['code', 'targetUrl', 'about', 'message'])
    .where('recipientPk', '=', m.pk)
    .where('code', '=', 'NEIGHBOURHOOD_SHELTER')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  api = await startTestApi();
  await api.app.matching.stop(); // the test runs the queue itself
  wantsShelter = await createMember(api, 'shelternear');
  noShelter = await createMember(api, 'shelteroff');
  far = await createMember(api, 'shelterfar');
  const setting = (m: Member, over: Record<string, unknown>) =>
    call(api, 'PUT', '/api/me/neighbourhood', {
      cookie: m.cookie,
      json: {
        lat: HERE.lat,
        lng: HERE.lng,
        place: '서울 마포구 망원동',
        radiusKm: 3,
        missing: true,
        found: true,
        strays: true,
        shelter: true,
        delivery: 'BELL',
        ...over,
      },
    });
  expect((await setting(wantsShelter, {})).status).toBe(200);
  expect((await setting(noShelter, { shelter: false })).status).toBe(200);
  expect((await setting(far, { lat: HERE.lat + 0.09 })).status).toBe(200); // ~10 km away
});
afterAll(() => api.close());

describe('shelter notices reach the neighbours who chose shelter animals', () => {
  it('places each notice at its shelter (one search per address), and the fan-out tells only members near who chose them', async () => {
    const geocoder = standIn();
    const places = new ShelterPlaces(api.ctx, log, geocoder);
    await notice('448000202611001');
    await notice('448000202611002');
    await notice('448000202611003', { shelterName: '어딘가 보호소', shelterAddress: '없는 주소 1' });
    await notice('448000202611004', { createdAt: new Date(Date.now() - SHELTER_ALERT_WINDOW_MS - 86_400_000) });
    expect(await places.run()).toBe(2);
    // Spacing does not make another shelter; the old notice is not news and asks nothing.
    expect(geocoder.asked.sort()).toEqual(['없는 주소 1', SHELTER_ADDRESS].sort());
    await api.app.matching.drain();

    const told = await bells(wantsShelter);
    expect(told.map((b) => b.targetUrl).sort()).toEqual(['/shelter/448000202611001', '/shelter/448000202611002']);
    // The place in words, never a point.
    expect(JSON.stringify(told)).not.toMatch(/37\.5|126\.9/);
    expect(await bells(noShelter)).toHaveLength(0);
    expect(await bells(far)).toHaveLength(0);

    // Nothing twice: a later sweep (another instance's, the same notices re-synced) queues nothing, asks nothing.
    expect(await places.run()).toBe(0);
    await api.app.matching.drain();
    expect(await bells(wantsShelter)).toHaveLength(2);
    expect(geocoder.asked).toHaveLength(2);
  });

  it('a new notice at a known shelter uses the cache; a failed search is tried again at the next sweep', async () => {
    const geocoder = standIn();
    const places = new ShelterPlaces(api.ctx, log, geocoder);
    await notice('448000202611005');
    await notice('448000202611006', { shelterAddress: '고장난 검색 주소' });
    expect(await places.run()).toBe(1);
    expect(geocoder.asked).toEqual(['고장난 검색 주소']);
    const pending = await api.ctx.db
      .selectFrom('shelterAnimals')
      .select('alertCheckedAt')
      .where('desertionNo', '=', '448000202611006')
      .executeTakeFirstOrThrow();
    expect(pending.alertCheckedAt).toBeNull();
    await places.run();
    expect(geocoder.asked).toEqual(['고장난 검색 주소', '고장난 검색 주소']);
    await api.app.matching.drain();
    expect(await bells(wantsShelter)).toHaveLength(3);
  });
});

describe('Kakao address search', () => {
  const config = { restKey: 'rest-key', baseUrl: 'http://kakao.test', timeoutMs: 1000 };
  const answering = (status: number, body: unknown, seen: URL[] = []) =>
    (async (url: Parameters<typeof fetch>[0]) => {
      seen.push(url as URL);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;

  it('answers the first document’s point (x longitude, y latitude), null for no document, and throws when it could not answer', async () => {
    const seen: URL[] = [];
    const found = kakaoAddressGeocoder(config, answering(200, { documents: [{ x: '126.8972', y: '37.5682' }] }, seen));
    expect(await found.positionOf(SHELTER_ADDRESS)).toEqual<LatLngPoint>({ lat: 37.5682, lng: 126.8972 });
    expect(seen[0]!.pathname).toBe('/v2/local/search/address.json');
    expect(seen[0]!.searchParams.get('query')).toBe(SHELTER_ADDRESS);
    expect(await kakaoAddressGeocoder(config, answering(200, { documents: [] })).positionOf('없는 주소')).toBeNull();
    await expect(kakaoAddressGeocoder(config, answering(401, { msg: 'no' })).positionOf('x')).rejects.toThrow('HTTP 401');
    await expect(kakaoAddressGeocoder(config, answering(200, { other: 1 })).positionOf('x')).rejects.toThrow();
  });
});
