-- Matching at scale (issue 28, decision 0047): the place box is searched in a GiST index on the exact
-- point, so one query per side reads only the box's rows (the btree on (date, lat, lng) of 0018 could
-- only range over the date: two thirds of the table for a 60-day window). The date window is then a
-- filter on the box's few thousand rows. Core Postgres types only, so PGlite runs it unchanged.
CREATE INDEX lost_posts_match_sighting_geo_idx ON lost_posts USING gist (point(latitude, longitude))
  WHERE kind <> 'MISSING' AND NOT hidden;
CREATE INDEX lost_posts_match_missing_geo_idx ON lost_posts USING gist (point(latitude, longitude))
  WHERE kind = 'MISSING' AND status = 'OPEN' AND NOT hidden;
CREATE INDEX stray_reports_match_geo_idx ON stray_reports USING gist (point(latitude, longitude));
-- The btree indexes they replace.
DROP INDEX lost_posts_match_sighting_idx;
DROP INDEX lost_posts_match_missing_idx;
DROP INDEX stray_reports_match_idx;
