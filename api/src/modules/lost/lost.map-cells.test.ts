import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LostMapAnswerSchema, type LostMapAnswer } from '@pawbridge/shared/lost.schema';
import type { TestApi } from '../../testing/test-api';
import { call, jpegWithExif, send, type Member } from '../../testing/fixtures';
import { form, missingJson, openLostScene, sightingJson, yesterday, type LostCalls } from './lost.testing';

// The map's kept cells (migration 0026) must always equal aggregating the visible posts from scratch, and
// the map read from them must answer exactly what reading the posts answers: after posting, moving,
// editing, closing, hiding, showing and deleting. A hidden post must leave the kept map with its commit.

let api: TestApi;
let owner: Member;
let admin: Member;
let lost: LostCalls;

beforeAll(async () => void ({ api, lost, owner, admin } = await openLostScene('cell')));
afterAll(() => api.close());

type CellRow = [number, number, number, string, string, string, string, string, string, string];

async function kept(): Promise<CellRow[]> {
  const r = await sql<{ r: CellRow }>`
    select json_build_array(zoom, cell_y, cell_x, kind, status, sido, n::text, sum_lat::text, sum_lng::text, sum_id::text) as r
    from lost_map_cells order by zoom, cell_y, cell_x, kind, status, sido`.execute(api.ctx.db);
  return r.rows.map((x) => x.r);
}

async function fromScratch(): Promise<CellRow[]> {
  const r = await sql<{ r: CellRow }>`
    select json_build_array(z, cy, cx, kind, status, sido, count(*)::text, sum(round(public_lat * 1000000)::bigint)::text,
      sum(round(public_lng * 1000000)::bigint)::text, sum(id::bigint)::text) as r
    from (
      select z.z, floor(p.public_lat / (90::float8 / (1 << z.z)))::int as cy, floor(p.public_lng / (90::float8 / (1 << z.z)))::int as cx,
        p.kind, p.status, coalesce(p.sido, '') as sido, p.public_lat, p.public_lng, p.id
      from lost_posts p cross join generate_series(0, 13) as z(z)
      where not p.hidden
    ) x
    group by z, cy, cx, kind, status, sido
    order by z, cy, cx, kind, status, sido`.execute(api.ctx.db);
  return r.rows.map((x) => x.r);
}

const map = async (query: string): Promise<LostMapAnswer> => {
  const res = await lost.json(`/api/lost/map?${query}`);
  expect(res.status).toBe(200);
  return LostMapAnswerSchema.parse(res.body);
};

// Viewports read from the kept cells (zoom ≤ 13, filters on kind, status, 시·도 only); the same with a date
// filter that keeps every post is read from lost_posts.
const VIEWS = [
  'south=37.45&west=126.8&north=37.7&east=127.18&zoom=12',
  'south=37.52&west=126.88&north=37.6&east=127.1&zoom=13',
  'south=33&west=124&north=39&east=132&zoom=6',
  'south=33&west=124&north=39&east=132&zoom=7&kind=MISSING',
  `south=34&west=124&north=39&east=132&zoom=9&status=OPEN&sido=${encodeURIComponent('서울특별시')}`,
];

async function expectCellsTrue() {
  expect(await kept()).toEqual(await fromScratch());
  for (const view of VIEWS) expect([view, await map(view)]).toEqual([view, await map(`${view}&from=2000-01-01`)]);
}

const mapo = 'south=37.43&west=126.7&north=37.7&east=127.18&zoom=12';
const countAt = (m: LostMapAnswer) => m.clusters.reduce((n, c) => n + c.count, 0);

describe('the map’s kept cells', () => {
  it('stay equal to aggregating the posts through posting, moving, editing, closing, hiding, showing and deleting', async () => {
    const photo = [await jpegWithExif()];
    const first = await lost.postMissing(owner, missingJson({ name: '하나' }), photo);
    const second = await lost.postMissing(owner, missingJson({ name: '둘', lat: 37.5612, lng: 126.9101 }), photo);
    const busan = await lost.postSighting(owner, sightingJson({ lat: 35.1532, lng: 129.1186, address: '광안리', sigungu: '수영구' }));
    const idOf = (r: typeof first): number => {
      expect(r.status).toBe(201);
      return (r.json as unknown as { id: number }).id;
    };
    const [firstId, secondId, busanId] = [idOf(first), idOf(second), idOf(busan)];
    await expectCellsTrue();
    expect((await map(mapo)).total).toBe(2);
    expect((await kept()).filter((r) => r[0] === 13).reduce((n, r) => n + Number(r[6]), 0)).toBe(3);

    const moved = await send(api, 'POST', `/api/lost/posts/${firstId}/updates`, {
      cookie: owner.cookie,
      form: form('update', {
        lat: 37.4563,
        lng: 126.72,
        address: '인천 남동구 어느 공원',
        sigungu: '남동구',
        date: yesterday(),
        time: '21:00',
      }),
    });
    expect(moved.status).toBe(200);
    // Moved into another 시·도 inside the same viewport: its rows change group, the map keeps it.
    expect((await api.ctx.db.selectFrom('lostPosts').select('sido').where('id', '=', firstId).executeTakeFirstOrThrow()).sido).toBe(
      '인천광역시',
    );
    await expectCellsTrue();
    expect((await map(mapo)).total).toBe(2);
    const edited = await call(api, 'PUT', `/api/lost/posts/${secondId}`, { cookie: owner.cookie, json: { reward: 10000 } });
    expect(edited.status).toBe(200);
    await expectCellsTrue();

    const closed = await call(api, 'POST', `/api/lost/posts/${secondId}/close`, { cookie: owner.cookie, json: { status: 'REUNITED' } });
    expect(closed.status).toBe(200);
    await expectCellsTrue();
    expect((await map(`${mapo}&status=OPEN`)).total).toBe(1);

    const hide = (id: number, hidden: boolean) =>
      call(api, 'POST', `/api/admin/lost/posts/${id}/hide`, { cookie: admin.cookie, json: { hidden } }).then((r) => r.status);
    expect(await hide(firstId, true)).toBe(200);
    // Gone from the kept map with the commit: no cluster holds it, the single post left is the closed one.
    const hidden = await map(mapo);
    expect([hidden.total, countAt(hidden), hidden.clusters.map((c) => c.id)]).toEqual([1, 1, [secondId]]);
    await expectCellsTrue();
    expect(await hide(firstId, false)).toBe(200);
    expect((await map(mapo)).total).toBe(2);
    await expectCellsTrue();

    await api.ctx.db.deleteFrom('lostPosts').where('id', '=', busanId).execute();
    await expectCellsTrue();
    expect((await map('south=33&west=124&north=39&east=132&zoom=6')).total).toBe(2);
  });

  it('answers the same clusters from the kept cells as from the posts, one by one', async () => {
    const view = 'south=37.5&west=126.85&north=37.6&east=126.95&zoom=13';
    const cells = await map(view);
    const posts = await map(`${view}&from=2000-01-01`);
    expect(cells).toEqual(posts);
    // A lone post's cluster is its public point, never the exact one, with its id and kind.
    const lone = cells.clusters.find((c) => c.count === 1)!;
    const detail = await lost.detail(lone.id!);
    expect([lone.lat, lone.lng, lone.kind]).toEqual([detail.position.lat, detail.position.lng, detail.kind]);
    expect([lone.lat, lone.lng]).not.toEqual([37.5612, 126.9101]);
  });
});
