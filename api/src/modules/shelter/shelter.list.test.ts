import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShelterAnimalListSchema, seoulToday } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { getJson } from '../../testing/fixtures';
import { parseAnimal } from '../../integrations/public-data/items';
import { ShelterRepository } from './shelter.repository';
import { addDays } from './shelter.service';

const today = seoulToday();
const ymd = (iso: string) => iso.replaceAll('-', '');

function item(no: string, over: Record<string, unknown> = {}) {
  return {
    desertionNo: no,
    happenDt: ymd(addDays(today, -5)),
    happenPlace: '강남구 역삼동 공원',
    kindCd: '000114',
    kindNm: '믹스견',
    colorCd: '흰색',
    age: '2020(년생)',
    weight: '8.8(Kg)',
    noticeNo: `서울-강남-2026-${no}`,
    noticeSdt: ymd(addDays(today, -5)),
    noticeEdt: ymd(addDays(today, 3)),
    popfile1: `http://openapi.animal.go.kr/openapi/service/rest/fileDownloadSrv/${no}_1.jpg`,
    popfile2: '',
    processState: '보호중',
    sexCd: 'M',
    neuterYn: 'N',
    specialMark: '온순함',
    careRegNo: '311322200900001',
    careNm: '강남구 동물보호센터',
    careTel: '02-000-0000',
    careAddr: '서울특별시 강남구 테헤란로 1',
    orgNm: '서울특별시 강남구',
    updTm: '2026-01-01 12:00:00.0',
    ...over,
  };
}

describe('GET /api/shelter-animals', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    const repo = new ShelterRepository(api.ctx.db);
    const raw = [
      item('411000202600001'),
      item('411000202600002', {
        happenDt: ymd(addDays(today, -2)),
        processState: '종료(입양)',
        orgNm: '부산광역시 해운대구',
        careAddr: '부산광역시 해운대구 1',
        careNm: '해운대 보호소',
      }),
      item('411000202600003', {
        happenDt: ymd(addDays(today, -2)),
        noticeEdt: ymd(addDays(today, -3)),
        age: '60일미만(년생)',
        weight: '1..2(Kg)',
      }),
      item('411000202600004', { happenDt: ymd(addDays(today, -90)), noticeEdt: ymd(addDays(today, -80)) }),
      item('411000202600005', { processState: '종료(방사)', happenPlace: '100%_place' }),
    ];
    const animals = raw.map((r) => {
      const p = parseAnimal(r);
      if (!p.ok) throw new Error(p.reason);
      return { ...p.animal, sido: (p.animal.orgName ?? '').split(' ')[0] ?? null, sigungu: (p.animal.orgName ?? '').split(' ')[1] ?? null };
    });
    await repo.upsertPage(animals);
  });
  afterAll(() => api.close());

  it('answers active animals newest found first with the total, statuses and proxy image paths', async () => {
    const res = await getJson(api, '/api/shelter-animals');
    expect(res.status).toBe(200);
    const list = ShelterAnimalListSchema.parse(res.json);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(list.map((a) => a.desertionNo)).toEqual(['411000202600003', '411000202600001']);
    const [lagging, onNotice] = list;
    expect(onNotice).toMatchObject({
      status: 'NOTICE',
      birthYear: 2020,
      weightKg: 8.8,
      imageUrls: ['/shelter-images/411000202600001/1'],
      region: { sido: '서울특별시', sigungu: '강남구' },
    });
    expect(lagging).toMatchObject({ status: 'PROTECTING', birthYear: null, ageText: '60일미만(년생)', weightKg: null });
    expect(JSON.stringify(list)).not.toContain('http://');
  });

  it('state=all includes endings mapped without calling them deaths; paging is stable', async () => {
    const all = ShelterAnimalListSchema.parse((await getJson(api, '/api/shelter-animals?state=all&size=2&page=1')).json);
    const rest = await getJson(api, '/api/shelter-animals?state=all&size=2&page=2');
    expect(rest.headers.get('x-total-count')).toBe('5');
    const second = ShelterAnimalListSchema.parse(rest.json);
    expect(all.map((a) => a.desertionNo)).toEqual(['411000202600003', '411000202600002']);
    expect(second.map((a) => a.desertionNo)).toEqual(['411000202600005', '411000202600001']);
    expect(all[1]?.status).toBe('ADOPTED');
    expect(second[0]?.status).toBe('ENDED_OTHER');
  });

  it('filters by place (contains, literal % and _), sido and found dates', async () => {
    const ids = async (q: string) =>
      ShelterAnimalListSchema.parse((await getJson(api, `/api/shelter-animals?state=all&${q}`)).json).map((a) => a.desertionNo);
    expect(await ids(`place=${encodeURIComponent('해운대')}`)).toEqual(['411000202600002']);
    expect(await ids(`place=${encodeURIComponent('100%_')}`)).toEqual(['411000202600005']);
    expect(await ids(`place=${encodeURIComponent('%')}`)).toEqual(['411000202600005']);
    expect(await ids(`sido=${encodeURIComponent('부산광역시')}`)).toEqual(['411000202600002']);
    expect(await ids(`foundDateFrom=${addDays(today, -3)}&foundDateTo=${today}`)).toEqual(['411000202600003', '411000202600002']);
  });

  it('refuses bad queries with 400 and answers one animal or a coded 404', async () => {
    expect((await getJson(api, '/api/shelter-animals?size=101')).status).toBe(400);
    expect((await getJson(api, '/api/shelter-animals?state=dead')).status).toBe(400);
    const one = await getJson(api, '/api/shelter-animals/411000202600002');
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ desertionNo: '411000202600002', shelter: { name: '해운대 보호소' } });
    const missing = await getJson(api, '/api/shelter-animals/999');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 'SHELTER_ANIMAL_NOT_FOUND' });
    expect((await getJson(api, '/api/shelter-animals/..%2F..')).status).toBe(404);
  });
});
