-- The board and the map at scale (issue 27; decision 0041 amended).

-- The map's clusters kept per zoom: for zooms 0–13, every grid cell of the map (90° / 2^zoom on a side,
-- the same cells lost.map.repository.ts groups by) holds, per kind, status and 시·도, the count of the
-- visible posts whose PUBLIC point falls in it, the sums of those points in millionths of a degree (the
-- public points have six decimals, so the sums are exact and never drift) and the sum of the posts' ids
-- (the id of a cell's only post). Kept by the statement that writes the posts, in its transaction: a
-- hidden or moved post leaves its cells, a closed one leaves its OPEN rows, when the write commits, for
-- every api instance and on PGlite alike. Zooms above 13 read lost_posts (a viewport there holds few posts).
CREATE TABLE lost_map_cells (
  zoom smallint NOT NULL,
  cell_y integer NOT NULL,
  cell_x integer NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  sido text NOT NULL,
  -- No CHECK (n >= 0): an upsert's proposed row carries the negative delta of a post leaving the cell.
  n bigint NOT NULL,
  sum_lat bigint NOT NULL,
  sum_lng bigint NOT NULL,
  sum_id bigint NOT NULL,
  -- A viewport's cells are one range of this key, read from the index alone.
  PRIMARY KEY (zoom, cell_y, cell_x, kind, status, sido) INCLUDE (n, sum_lat, sum_lng, sum_id)
);
-- Cells emptied by a write are deleted by the same trigger; this finds them without a scan.
CREATE INDEX lost_map_cells_empty_idx ON lost_map_cells (zoom) WHERE n = 0;

-- One delta per statement (transition tables), applied in key order so two writers lock shared cells in
-- the same order. On an update only the rows whose visibility, kind, status, 시·도 or public point changed
-- count (updated_at, a note, a photo leave the cells alone).
CREATE FUNCTION lost_map_cells_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lost_map_cells AS c (zoom, cell_y, cell_x, kind, status, sido, n, sum_lat, sum_lng, sum_id)
      SELECT z.zoom, floor(d.lat / (90::float8 / (1 << z.zoom)))::integer, floor(d.lng / (90::float8 / (1 << z.zoom)))::integer,
        d.kind, d.status, d.sido, sum(d.sign), sum(d.sign * round(d.lat * 1000000)::bigint), sum(d.sign * round(d.lng * 1000000)::bigint),
        sum(d.sign * d.id::bigint)
      FROM (SELECT id, kind, status, coalesce(sido, '') AS sido, public_lat AS lat, public_lng AS lng, 1 AS sign FROM new_rows WHERE NOT hidden) d CROSS JOIN generate_series(0, 13) AS z(zoom)
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (zoom, cell_y, cell_x, kind, status, sido) DO UPDATE
      SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lng = c.sum_lng + excluded.sum_lng, sum_id = c.sum_id + excluded.sum_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lost_map_cells AS c (zoom, cell_y, cell_x, kind, status, sido, n, sum_lat, sum_lng, sum_id)
      SELECT z.zoom, floor(d.lat / (90::float8 / (1 << z.zoom)))::integer, floor(d.lng / (90::float8 / (1 << z.zoom)))::integer,
        d.kind, d.status, d.sido, sum(d.sign), sum(d.sign * round(d.lat * 1000000)::bigint), sum(d.sign * round(d.lng * 1000000)::bigint),
        sum(d.sign * d.id::bigint)
      FROM (SELECT id, kind, status, coalesce(sido, '') AS sido, public_lat AS lat, public_lng AS lng, -1 AS sign FROM old_rows WHERE NOT hidden) d CROSS JOIN generate_series(0, 13) AS z(zoom)
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (zoom, cell_y, cell_x, kind, status, sido) DO UPDATE
      SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lng = c.sum_lng + excluded.sum_lng, sum_id = c.sum_id + excluded.sum_id;
  ELSE
    INSERT INTO lost_map_cells AS c (zoom, cell_y, cell_x, kind, status, sido, n, sum_lat, sum_lng, sum_id)
      SELECT z.zoom, floor(d.lat / (90::float8 / (1 << z.zoom)))::integer, floor(d.lng / (90::float8 / (1 << z.zoom)))::integer,
        d.kind, d.status, d.sido, sum(d.sign), sum(d.sign * round(d.lat * 1000000)::bigint), sum(d.sign * round(d.lng * 1000000)::bigint),
        sum(d.sign * d.id::bigint)
      FROM (
        SELECT o.id, o.kind, o.status, coalesce(o.sido, '') AS sido, o.public_lat AS lat, o.public_lng AS lng, -1 AS sign
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE NOT o.hidden
          AND (o.hidden, o.kind, o.status, o.sido, o.public_lat, o.public_lng) IS DISTINCT FROM (n.hidden, n.kind, n.status, n.sido, n.public_lat, n.public_lng)
        UNION ALL
        SELECT n.id, n.kind, n.status, coalesce(n.sido, ''), n.public_lat, n.public_lng, 1
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE NOT n.hidden
          AND (o.hidden, o.kind, o.status, o.sido, o.public_lat, o.public_lng) IS DISTINCT FROM (n.hidden, n.kind, n.status, n.sido, n.public_lat, n.public_lng)
      ) d CROSS JOIN generate_series(0, 13) AS z(zoom)
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (zoom, cell_y, cell_x, kind, status, sido) DO UPDATE
      SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lng = c.sum_lng + excluded.sum_lng, sum_id = c.sum_id + excluded.sum_id;
  END IF;
  DELETE FROM lost_map_cells WHERE n = 0;
  RETURN NULL;
END;
$$;
CREATE TRIGGER lost_map_cells_insert AFTER INSERT ON lost_posts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lost_map_cells_apply();
CREATE TRIGGER lost_map_cells_update AFTER UPDATE ON lost_posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lost_map_cells_apply();
CREATE TRIGGER lost_map_cells_delete AFTER DELETE ON lost_posts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lost_map_cells_apply();

INSERT INTO lost_map_cells (zoom, cell_y, cell_x, kind, status, sido, n, sum_lat, sum_lng, sum_id)
  SELECT z.zoom, floor(p.public_lat / (90::float8 / (1 << z.zoom)))::integer, floor(p.public_lng / (90::float8 / (1 << z.zoom)))::integer,
    p.kind, p.status, coalesce(p.sido, ''), count(*), sum(round(p.public_lat * 1000000)::bigint), sum(round(p.public_lng * 1000000)::bigint),
    sum(p.id::bigint)
  FROM lost_posts p CROSS JOIN generate_series(0, 13) AS z(zoom)
  WHERE NOT p.hidden
  GROUP BY 1, 2, 3, 4, 5, 6;

-- The board filtered by 시·도 (with or without a kind), newest first.
CREATE INDEX lost_posts_board_sido_idx ON lost_posts (sido, created_at DESC, id DESC) WHERE NOT hidden;
