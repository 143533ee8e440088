import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { LOST_LIMITS, type LostMapQuery, type LostPostKind } from '@pawbridge/shared/lost.schema';
import type { Db } from '../../db/index';
import { boardWhere, countedByKindStatusSido } from './lost.board.repository';

/** The highest zoom lost_map_cells keeps (migration 0026); above it a viewport holds few posts and reads lost_posts. */
export const MAP_CELLS_MAX_ZOOM = 13;
/** Widens the posts' index range past float rounding; the exact test is the cell number. */
const EPS = 1e-9;

export interface LostMapCluster {
  lat: number;
  lng: number;
  count: number;
  id: number | null;
  kind: LostPostKind | null;
}

/**
 * The map: the visible posts grouped into fixed grid cells of about 64 screen pixels at this zoom
 * (90° / 2^zoom on a side), on the public points only. A viewport answers every cell it touches, each
 * with all of its posts, so a cluster is the same wherever the map is panned (a cell cut by the edge
 * keeps its whole count and its centre); largest clusters first (then south to north, west to east), at
 * most LOST_LIMITS.mapClustersMax; the total counts every post of those cells.
 *
 * When the filters are only kind, status and 시·도 and the zoom is at most 13 the cells are read from
 * lost_map_cells (kept by the statement that writes a post, in its transaction: migration 0026); otherwise
 * from lost_posts, post by post. Either way a cluster is the same sums: count, the public points' sum in
 * millionths of a degree, and the sum of ids (the id when the cell holds one post).
 */
export async function mapClusters(db: Db, q: LostMapQuery): Promise<{ clusters: LostMapCluster[]; total: number }> {
  const cell = 90 / 2 ** q.zoom;
  const edges = {
    a: Math.floor(q.south / cell),
    b: Math.floor(q.north / cell),
    c: Math.floor(q.west / cell),
    d: Math.floor(q.east / cell),
  };
  const source = q.zoom <= MAP_CELLS_MAX_ZOOM && countedByKindStatusSido(q) ? cells(q, edges) : posts(q, cell, edges);
  const rows = await sql<{ n: number; lat: number; lng: number; id: number; kind: LostPostKind; total: string }>`
    select sum(x.n)::int as n, sum(x.sum_lat)::float8 as lat, sum(x.sum_lng)::float8 as lng, sum(x.sum_id)::float8 as id,
      min(x.kind) as kind, sum(sum(x.n)) over ()::text as total
    from (${source}) x
    group by x.cy, x.cx
    order by 1 desc, x.cy, x.cx
    limit ${LOST_LIMITS.mapClustersMax}`.execute(db);
  const micro = (sum: number, n: number) => Math.round(sum / n) / 1e6;
  return {
    clusters: rows.rows.map((r) => ({
      lat: micro(r.lat, r.n),
      lng: micro(r.lng, r.n),
      count: r.n,
      id: r.n === 1 ? r.id : null,
      kind: r.n === 1 ? r.kind : null,
    })),
    total: Number(rows.rows[0]?.total ?? 0),
  };
}

interface CellEdges {
  /** The cell numbers of the viewport's south, north, west and east edges. */
  a: number;
  b: number;
  c: number;
  d: number;
}

/** Every visible post of the cells the viewport touches, one row each (an index range on the public latitude, then the cell numbers). */
function posts(q: LostMapQuery, cell: number, e: CellEdges): RawBuilder<unknown> {
  const cy = sql<number>`floor(p.public_lat / ${cell}::float8)::int`;
  const cx = sql<number>`floor(p.public_lng / ${cell}::float8)::int`;
  return sql`
    select ${cy} as cy, ${cx} as cx, 1::bigint as n, round(p.public_lat * 1000000)::bigint as sum_lat,
      round(p.public_lng * 1000000)::bigint as sum_lng, p.id::bigint as sum_id, p.kind
    from lost_posts p
    where ${boardWhere(q)}
      and p.public_lat between ${e.a * cell - EPS} and ${(e.b + 1) * cell + EPS}
      and p.public_lng between ${e.c * cell - EPS} and ${(e.d + 1) * cell + EPS}
      and ${cy} between ${e.a} and ${e.b} and ${cx} between ${e.c} and ${e.d}`;
}

/** The kept cells the viewport touches, filtered like the board's totals (a row per kind, status and 시·도). */
function cells(q: LostMapQuery, e: CellEdges): RawBuilder<unknown> {
  const conds = [sql<SqlBool>`m.zoom = ${q.zoom}`, sql<SqlBool>`m.cell_y between ${e.a} and ${e.b} and m.cell_x between ${e.c} and ${e.d}`];
  if (q.kind && q.kind.length > 0) conds.push(sql<SqlBool>`m.kind in (${sql.join(q.kind)})`);
  if (q.status) conds.push(sql<SqlBool>`m.status = ${q.status}`);
  if (q.sido) conds.push(sql<SqlBool>`m.sido = ${q.sido}`);
  return sql`
    select m.cell_y as cy, m.cell_x as cx, m.n, m.sum_lat, m.sum_lng, m.sum_id, m.kind
    from lost_map_cells m
    where ${sql.join(conds, sql` and `)}`;
}
