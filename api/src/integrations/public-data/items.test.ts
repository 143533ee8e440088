import { describe, expect, it } from 'vitest';
import { birthYearOf, itemList, parseAnimal, portalDate, portalTimestamp, statusGroupOf, weightKgOf } from './items';

// The portal's quirks (its own Korean vocabulary is the test data here).
describe('portal item quirks', () => {
  it('reads ages like "2020(년생)" and leaves "60일미만(년생)" without a year', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(birthYearOf('2020(년생)', now)).toBe(2020);
    expect(birthYearOf(' 2019 (년생)', now)).toBe(2019);
    expect(birthYearOf('60일미만(년생)', now)).toBeNull();
    expect(birthYearOf('2030(년생)', now)).toBeNull();
    expect(birthYearOf('', now)).toBeNull();
    expect(birthYearOf(null, now)).toBeNull();
  });

  it('reads weights like "8.8(Kg)" and drops odd ones', () => {
    expect(weightKgOf('8.8(Kg)')).toBe(8.8);
    expect(weightKgOf('0.5(Kg)')).toBe(0.5);
    expect(weightKgOf('12(kg)')).toBe(12);
    expect(weightKgOf('1..2(Kg)')).toBeNull();
    expect(weightKgOf('0(Kg)')).toBeNull();
    expect(weightKgOf('(Kg)')).toBeNull();
    expect(weightKgOf(null)).toBeNull();
  });

  it('maps process states without treating every ending as a death', () => {
    expect(statusGroupOf('보호중')).toBe('OPEN');
    expect(statusGroupOf('공고중')).toBe('OPEN');
    expect(statusGroupOf('종료(입양)')).toBe('ADOPTED');
    expect(statusGroupOf('종료 (반환)')).toBe('RETURNED');
    expect(statusGroupOf('종료(자연사)')).toBe('DIED');
    expect(statusGroupOf('종료(안락사)')).toBe('DIED');
    for (const other of ['종료(기증)', '종료(방사)', '종료(미포획)', '종료']) expect(statusGroupOf(other)).toBe('ENDED_OTHER');
  });

  it('normalises items: array, single object, "" and {}', () => {
    expect(itemList({ item: [{ a: 1 }, { a: 2 }] })).toHaveLength(2);
    expect(itemList({ item: { a: 1 } })).toEqual([{ a: 1 }]);
    expect(itemList('')).toEqual([]);
    expect(itemList({})).toEqual([]);
    expect(itemList(undefined)).toEqual([]);
  });

  it('parses dates and update times (Seoul), refusing impossible dates', () => {
    expect(portalDate('20260230')).toBeNull();
    expect(portalDate('20261123')).toBe('2026-11-23');
    expect(portalTimestamp('2025-01-01 12:00:00.0')?.toISOString()).toBe('2025-01-01T03:00:00.000Z');
  });

  it('parses a whole item; numbers as numbers, blank fields as null, only http(s) pictures', () => {
    const r = parseAnimal({
      desertionNo: 448548202600123,
      happenDt: '20261101',
      happenPlace: '역삼동',
      kindNm: '믹스견',
      colorCd: '갈색',
      age: '2020(년생)',
      weight: '8.8(Kg)',
      noticeSdt: '20261101',
      noticeEdt: '20261111',
      popfile1: 'http://openapi.animal.go.kr/x.jpg',
      popfile2: 'javascript:alert(1)',
      processState: '종료(기증)',
      sexCd: 'x',
      neuterYn: '',
      careNm: '보호소',
      careTel: ' ',
      orgNm: '서울특별시 강남구',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.animal).toMatchObject({
      desertionNo: '448548202600123',
      birthYear: 2020,
      weightKg: 8.8,
      happenDate: '2026-11-01',
      noticeEnd: '2026-11-11',
      status: 'ENDED_OTHER',
      sex: 'Q',
      neutered: 'U',
      shelterTel: null,
      image1Url: 'http://openapi.animal.go.kr/x.jpg',
      image2Url: null,
    });
    expect(parseAnimal({ desertionNo: '1', happenDt: 'soon' })).toEqual({ ok: false, reason: 'ITEM_HAPPEN_DATE' });
    expect(parseAnimal({ desertionNo: '../x', happenDt: '20261101' })).toEqual({ ok: false, reason: 'ITEM_SHAPE' });
  });
});
