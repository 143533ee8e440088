import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { SampleAnimal, ShelterSample } from './sample-generator';

/**
 * A local stand-in of the animal-protection open API on port 0, for tests and
 * the demo (no internet here): the five operations from the generated sample,
 * paging, bgupd/enupd filtering, the portal's error forms, and pictures under
 * /files/shelter/ (drawn with sharp on first request). `faults` lets a test
 * make a page fail, the key be refused or the portal answer an error code.
 */

export const SAMPLE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sample', 'shelter-sample.json');
export const STANDIN_BASE_PATH = '/1543061/abandonmentPublicService_v2';

export function loadSample(file = SAMPLE_FILE): ShelterSample {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ShelterSample;
}

export interface StandinFaults {
  /** Pages of abandonmentPublic_v2 that fail (HTTP 500 XML) this many more times. */
  failPage?: Map<number, number>;
  /** Leave these fields out of every item (older or partial answers). */
  dropFields?: string[];
  /** Hold every abandonmentPublic_v2 answer this long (a run that is still going). */
  delayMs?: number;
  /** Answer every request with this resultCode (e.g. '22'). */
  resultCode?: string;
  /** Answer pictures with this instead (content type and bytes). */
  picture?: (desertionNo: string, n: number) => { type: string; body: Buffer; status?: number; location?: string } | undefined;
}

export interface Standin {
  /** e.g. http://127.0.0.1:41234/1543061/abandonmentPublicService_v2 */
  baseUrl: string;
  /** host:port, for PUBLIC_DATA_IMAGE_HOSTS. */
  host: string;
  faults: StandinFaults;
  /** Every request's path and query (tests read it; the key is in there, as the real portal sees it). */
  requests: URL[];
  /** Items as the portal would send them today. */
  items(): Record<string, string>[];
  close(): Promise<void>;
}

const ymd = (today: Date, offset: number) => {
  const d = new Date(today.getTime() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(d)
    .replaceAll('-', '');
};

function toItem(sample: ShelterSample, a: SampleAnimal, today: Date, origin: string): Record<string, string> {
  const shelter = sample.shelters[a.shelter];
  const sido = sample.sido.find((s) => s.orgCd === shelter?.uprCd);
  const gu = sido?.sigungu.find((g) => g.orgCd === shelter?.orgCd);
  const kind = sample.kinds.find((k) => k.kindCd === a.kindCd);
  const upd = ymd(today, a.upd);
  const picture = (n: number) => (a.pictures >= n ? `${origin}/files/shelter/${a.desertionNo}_${n}.jpg` : '');
  return {
    desertionNo: a.desertionNo,
    happenDt: ymd(today, a.happen),
    happenPlace: a.happenPlace,
    upKindCd: '417000',
    upKindNm: '\uAC1C',
    kindCd: a.kindCd,
    kindNm: kind?.kindNm ?? '',
    colorCd: a.colorCd,
    age: a.age,
    weight: a.weight,
    noticeNo: a.noticeNo,
    noticeSdt: ymd(today, a.noticeStart),
    noticeEdt: ymd(today, a.noticeEnd),
    popfile1: picture(1),
    popfile2: picture(2),
    processState: a.processState,
    sexCd: a.sexCd,
    neuterYn: a.neuterYn,
    specialMark: a.specialMark,
    careRegNo: shelter?.careRegNo ?? '',
    careNm: shelter?.careNm ?? '',
    careTel: shelter?.careTel ?? '',
    careAddr: shelter?.careAddr ?? '',
    orgNm: [sido?.orgdownNm, gu && gu.orgdownNm !== sido?.orgdownNm ? gu.orgdownNm : undefined].filter(Boolean).join(' '),
    updTm: `${upd.slice(0, 4)}-${upd.slice(4, 6)}-${upd.slice(6)} 10:00:00.0`,
  };
}

const XML_AUTH = (reason: string, msg: string) =>
  `<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>${msg}</returnAuthMsg><returnReasonCode>${reason}</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>`;

/** A picture of a dog-ish shape in a colour of its own (deterministic per animal). */
async function drawPicture(desertionNo: string, n: number): Promise<Buffer> {
  let h = 7;
  for (const c of `${desertionNo}/${n}`) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const hue = h % 360;
  // Coat colours a shelter photo shows: cream, brown, black, white, grey, tan.
  const coats = [
    ['#e8d3a9', '#c9a76b'],
    ['#8a5a2b', '#5e3a19'],
    ['#2b2622', '#15110e'],
    ['#f4f1ea', '#d9d2c3'],
    ['#8d8d8d', '#5f5f5f'],
    ['#c58b4a', '#8f5d2a'],
  ];
  const [coat, ear] = coats[h % coats.length] as [string, string];
  const eye = coat === '#2b2622' ? '#d8cfc0' : '#222';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
<rect width="480" height="360" fill="hsl(${hue},30%,86%)"/>
<rect y="280" width="480" height="80" fill="hsl(${hue},20%,72%)"/>
<ellipse cx="240" cy="250" rx="120" ry="70" fill="${coat}" stroke="${ear}" stroke-width="3"/>
<circle cx="240" cy="150" r="70" fill="${coat}" stroke="${ear}" stroke-width="3"/>
<ellipse cx="180" cy="120" rx="22" ry="45" fill="${ear}"/>
<ellipse cx="300" cy="120" rx="22" ry="45" fill="${ear}"/>
<circle cx="215" cy="140" r="8" fill="${eye}"/><circle cx="265" cy="140" r="8" fill="${eye}"/><ellipse cx="240" cy="175" rx="14" ry="10" fill="${eye}"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

export async function startStandin(opts: {
  sample?: ShelterSample;
  serviceKey: string;
  today?: Date;
  singleItemAsObject?: boolean;
}): Promise<Standin> {
  const sample = opts.sample ?? loadSample();
  const today = opts.today ?? new Date();
  const faults: StandinFaults = {};
  const requests: URL[] = [];
  const pictures = new Map<string, Promise<Buffer>>();
  let origin = '';
  const items = () => sample.animals.map((a) => toItem(sample, a, today, origin));

  const json = (res: http.ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
  };
  const envelope = (list: unknown[], pageNo: number, numOfRows: number, totalCount: number, resultCode = '00') => ({
    response: {
      header: {
        reqNo: requests.length,
        resultCode,
        resultMsg:
          resultCode === '00'
            ? 'NORMAL SERVICE.'
            : resultCode === '22'
              ? 'LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR'
              : 'SERVICE ERROR',
      },
      body: {
        // The portal's three empties and its single-object form.
        items: list.length === 0 ? '' : opts.singleItemAsObject && list.length === 1 ? { item: list[0] } : { item: list },
        numOfRows,
        pageNo,
        totalCount,
      },
    },
  });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push(url);
    const picture = /^\/files\/shelter\/([A-Za-z0-9_-]{1,40})_([12])\.jpg$/.exec(url.pathname);
    if (picture) {
      const [, no = '', n = '1'] = picture;
      const custom = faults.picture?.(no, Number(n));
      if (custom) {
        res
          .writeHead(custom.status ?? 200, { 'content-type': custom.type, ...(custom.location ? { location: custom.location } : {}) })
          .end(custom.body);
        return;
      }
      if (!sample.animals.some((a) => a.desertionNo === no && a.pictures >= Number(n))) return void res.writeHead(404).end();
      const key = `${no}_${n}`;
      if (!pictures.has(key)) pictures.set(key, drawPicture(no, Number(n)));
      void pictures.get(key)!.then((body) => res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body));
      return;
    }
    if (!url.pathname.startsWith(`${STANDIN_BASE_PATH}/`)) return void res.writeHead(404).end();
    if (url.searchParams.get('serviceKey') !== opts.serviceKey) {
      res.writeHead(403, { 'content-type': 'text/xml;charset=UTF-8' }).end(XML_AUTH('30', 'SERVICE_KEY_IS_NOT_REGISTERED_ERROR'));
      return;
    }
    if (faults.resultCode) return json(res, envelope([], 1, 10, 0, faults.resultCode));
    const op = url.pathname.slice(STANDIN_BASE_PATH.length + 1);
    const pageNo = Math.max(1, Number(url.searchParams.get('pageNo') ?? '1') || 1);
    const numOfRows = Math.min(1000, Math.max(1, Number(url.searchParams.get('numOfRows') ?? '10') || 10));
    const page = <T>(list: T[]) =>
      json(res, envelope(list.slice((pageNo - 1) * numOfRows, pageNo * numOfRows), pageNo, numOfRows, list.length));

    if (op === 'abandonmentPublic_v2' && faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
    if (op === 'abandonmentPublic_v2') {
      const remaining = faults.failPage?.get(pageNo) ?? 0;
      if (remaining > 0) {
        faults.failPage?.set(pageNo, remaining - 1);
        res.writeHead(500, { 'content-type': 'text/xml;charset=UTF-8' }).end(XML_AUTH('01', 'APPLICATION_ERROR'));
        return;
      }
      const bgupd = url.searchParams.get('bgupd') ?? '00000000';
      const enupd = url.searchParams.get('enupd') ?? '99999999';
      const upkind = url.searchParams.get('upkind');
      const drop = faults.dropFields ?? [];
      const list = items()
        .map((i) => Object.fromEntries(Object.entries(i).filter(([k]) => !drop.includes(k))))
        .filter((i) => {
          const upd = i.updTm?.slice(0, 10).replaceAll('-', '') ?? '';
          return upd >= bgupd && upd <= enupd && (!upkind || upkind === '417000');
        });
      // The portal's order: newest update first, then desertionNo.
      list.sort((a, b) => (b.updTm ?? '').localeCompare(a.updTm ?? '') || (a.desertionNo ?? '').localeCompare(b.desertionNo ?? ''));
      return page(list);
    }
    if (op === 'sido_v2') return page(sample.sido.map(({ orgCd, orgdownNm }) => ({ orgCd, orgdownNm })));
    if (op === 'sigungu_v2') {
      const upr = url.searchParams.get('upr_cd');
      return page(sample.sido.filter((s) => s.orgCd === upr).flatMap((s) => s.sigungu.map((g) => ({ uprCd: s.orgCd, ...g }))));
    }
    if (op === 'kind_v2') return page(sample.kinds);
    if (op === 'shelter_v2') {
      const upr = url.searchParams.get('upr_cd');
      const org = url.searchParams.get('org_cd');
      return page(
        sample.shelters.filter((s) => s.uprCd === upr && s.orgCd === org).map(({ careRegNo, careNm }) => ({ careRegNo, careNm })),
      );
    }
    return void res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}${STANDIN_BASE_PATH}`,
    host: `127.0.0.1:${port}`,
    faults,
    requests,
    items,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
