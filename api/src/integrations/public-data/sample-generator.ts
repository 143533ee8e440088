/**
 * A deterministic, realistic sample of the portal's dogs for the stand-in and
 * the demo (`npm run shelter:sample` writes it to sample/shelter-sample.json).
 * Dates are day offsets from "today", so notices stay current whenever it is
 * loaded; the stand-in turns them into the portal's YYYYMMDD fields.
 * The names, places and kinds below are Korean content (sample data).
 */

export interface SampleSido {
  orgCd: string;
  orgdownNm: string;
  sigungu: { orgCd: string; orgdownNm: string }[];
}

export interface SampleShelter {
  careRegNo: string;
  careNm: string;
  careTel: string;
  careAddr: string;
  uprCd: string;
  orgCd: string;
}

/** One dog: the portal's item fields, with day offsets instead of dates and flags instead of picture URLs. */
export interface SampleAnimal {
  desertionNo: string;
  happen: number;
  happenPlace: string;
  kindCd: string;
  colorCd: string;
  age: string;
  weight: string;
  noticeNo: string;
  noticeStart: number;
  noticeEnd: number;
  pictures: 0 | 1 | 2;
  processState: string;
  sexCd: string;
  neuterYn: string;
  specialMark: string;
  shelter: number;
  /** Day the record was last updated (bgupd/enupd filter on it). */
  upd: number;
}

export interface ShelterSample {
  version: 1;
  sido: SampleSido[];
  kinds: { kindCd: string; kindNm: string }[];
  shelters: SampleShelter[];
  animals: SampleAnimal[];
}

/** Code, name, a few 시군구, and the telephone area code. */
const SIDO: [string, string, string[], string][] = [
  ['6110000', '서울특별시', ['강남구', '마포구', '노원구'], '02'],
  ['6260000', '부산광역시', ['해운대구', '사하구'], '051'],
  ['6270000', '대구광역시', ['수성구', '달서구'], '053'],
  ['6280000', '인천광역시', ['연수구', '부평구'], '032'],
  ['6290000', '광주광역시', ['북구', '광산구'], '062'],
  ['6300000', '대전광역시', ['유성구', '서구'], '042'],
  ['6310000', '울산광역시', ['남구', '울주군'], '052'],
  ['5690000', '세종특별자치시', ['세종특별자치시'], '044'],
  ['6410000', '경기도', ['수원시', '고양시', '화성시'], '031'],
  ['6530000', '강원특별자치도', ['춘천시', '원주시'], '033'],
  ['6430000', '충청북도', ['청주시', '충주시'], '043'],
  ['6440000', '충청남도', ['천안시', '아산시'], '041'],
  ['6540000', '전북특별자치도', ['전주시', '익산시'], '063'],
  ['6460000', '전라남도', ['순천시', '여수시'], '061'],
  ['6470000', '경상북도', ['포항시', '경주시'], '054'],
  ['6480000', '경상남도', ['창원시', '김해시'], '055'],
  ['6500000', '제주특별자치도', ['제주시', '서귀포시'], '064'],
];

const KINDS: [string, string][] = [
  ['000114', '믹스견'],
  ['000054', '진도견'],
  ['000071', '말티즈'],
  ['000091', '푸들'],
  ['000096', '포메라니안'],
  ['000113', '시츄'],
  ['000051', '비숑 프리제'],
  ['000037', '골든 리트리버'],
  ['000116', '웰시 코기'],
  ['000043', '래브라도 리트리버'],
];
const COLORS = ['흰색', '갈색', '검정', '황색', '크림', '흰색&갈색', '검정&흰색', '회색'];
const PLACES = [
  '공원 산책로',
  '아파트 단지 앞',
  '시장 입구',
  '초등학교 정문',
  '하천변 자전거도로',
  '버스정류장 근처',
  '야산 입구',
  '주유소 앞',
  '교회 주차장',
  '농로',
];
const MARKS = [
  '사람을 잘 따름',
  '겁이 많음, 목줄 착용',
  '왼쪽 뒷다리 불편',
  '온순하고 활발함',
  '피부병 치료 중',
  '짖음 적음, 배변 훈련됨',
  '목걸이 착용(이름표 없음)',
  '경계심 있으나 간식에 반응',
];
const ENDINGS = ['종료(입양)', '종료(반환)', '종료(자연사)', '종료(안락사)', '종료(기증)', '종료(방사)'];

/** mulberry32: small, fast and the same on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateSample(count = 300, seed = 18): ShelterSample {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

  const sido: SampleSido[] = SIDO.map(([orgCd, name, gus], i) => ({
    orgCd,
    orgdownNm: name,
    sigungu: gus.map((g, j) => ({ orgCd: String(3000000 + i * 10000 + j * 10), orgdownNm: g })),
  }));
  const shelters: SampleShelter[] = sido.flatMap((s, i) =>
    s.sigungu.map((g, j) => {
      const city = g.orgdownNm === s.orgdownNm ? s.orgdownNm : `${s.orgdownNm} ${g.orgdownNm}`;
      return {
        careRegNo: `${String(311000 + i * 100 + j)}20${String(10 + i).padStart(2, '0')}00${j + 1}`,
        careNm: j % 2 === 0 ? `${g.orgdownNm} 동물보호센터` : `${g.orgdownNm} 유기동물보호소`,
        careTel: `${SIDO[i]?.[3] ?? '02'}-${int(200, 999)}-${int(1000, 9999)}`,
        careAddr: `${city} ${pick(['중앙로', '시청로', '동물보호길', '평화로', '산업로'])} ${int(1, 300)}`,
        uprCd: s.orgCd,
        orgCd: g.orgCd,
      };
    }),
  );

  const animals: SampleAnimal[] = [];
  for (let n = 0; n < count; n += 1) {
    const shelterIndex = n < shelters.length ? n : int(0, shelters.length - 1);
    const shelter = shelters[shelterIndex] as SampleShelter;
    const [kindCd] = n % 3 === 0 ? (KINDS[0] as [string, string]) : pick(KINDS);
    const happen = -int(1, 75);
    const noticeStart = happen + int(0, 2);
    const noticeEnd = noticeStart + int(9, 14);
    // Mostly still protected (some past their notice: the portal's lag); a fifth ended in one way or another.
    const ended = r() < 0.2;
    const year = r() < 0.15 ? null : 2026 - int(0, 12);
    const kg = r() < 0.04 ? '1..2' : (int(5, 300) / 10).toFixed(1);
    animals.push({
      desertionNo: `${shelter.careRegNo.slice(0, 6)}2026${String(n + 1).padStart(5, '0')}`,
      happen,
      happenPlace: `${shelter.careAddr.split(' ').slice(1, 2).join('')} ${pick(PLACES)}`.trim(),
      kindCd,
      colorCd: pick(COLORS),
      age: year === null ? '60일미만(년생)' : `${year}(년생)`,
      weight: `${kg}(Kg)`,
      noticeNo: `${shelter.careAddr.split(' ')[0]?.slice(0, 2)}-${shelter.careAddr.split(' ')[1]?.slice(0, 2) ?? ''}-2026-${String(n + 1).padStart(5, '0')}`,
      noticeStart,
      noticeEnd,
      pictures: r() < 0.08 ? 0 : r() < 0.6 ? 1 : 2,
      processState: ended ? pick(ENDINGS) : '보호중',
      sexCd: pick(['M', 'F', 'M', 'F', 'Q']),
      neuterYn: pick(['Y', 'N', 'U']),
      specialMark: pick(MARKS),
      shelter: shelterIndex,
      upd: Math.min(0, noticeStart + int(0, 20)),
    });
  }
  return { version: 1, sido, kinds: KINDS.map(([kindCd, kindNm]) => ({ kindCd, kindNm })), shelters, animals };
}

/** The file as written: one record per line, small enough to commit and read in a diff. */
export function sampleToText(sample: ShelterSample): string {
  const lines = (xs: unknown[]) => xs.map((x) => `    ${JSON.stringify(x)}`).join(',\n');
  return `{\n  "version": 1,\n  "sido": [\n${lines(sample.sido)}\n  ],\n  "kinds": [\n${lines(sample.kinds)}\n  ],\n  "shelters": [\n${lines(sample.shelters)}\n  ],\n  "animals": [\n${lines(sample.animals)}\n  ]\n}\n`;
}
