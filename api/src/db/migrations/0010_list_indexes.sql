-- Indexes for every list and search filter/order (issue 17: paged lists stay fast at 10,000 strays and
-- 100,000 posts). Runs on PGlite and Postgres.

-- Adopt list and its search. Two stored columns the database keeps in step with each row:
--   adopt_rank  — the adopt order's status rank (PROTECTING 0, WAITING 1, ADOPT 2, LOST 3); public is < 3;
--   search_text — the lowered place text the search matches (region, description, breed; chr(1) between
--                 them, a character no text may hold), so a search compares stored text instead of
--                 lowering and joining three columns of every row on every call.
-- A page of the adopt list is the next rows of one index on plain columns, which Postgres can read
-- without the table (index-only) once autovacuum has passed.
ALTER TABLE stray_reports ADD COLUMN adopt_rank smallint GENERATED ALWAYS AS (
  CASE status WHEN 'PROTECTING' THEN 0 WHEN 'WAITING' THEN 1 WHEN 'ADOPT' THEN 2 ELSE 3 END
) STORED;
ALTER TABLE stray_reports ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(location || chr(1) || description || chr(1) || coalesce(type, ''))
) STORED;
CREATE INDEX stray_reports_adopt_order_idx ON stray_reports (adopt_rank, found_date DESC, found_time DESC, id DESC) WHERE adopt_rank < 3;

-- Search by day within the public strays (0003's found_date index serves the day alone).
CREATE INDEX stray_reports_found_day_idx ON stray_reports (found_date, found_time) WHERE adopt_rank < 3;

-- Place search on Postgres with pg_trgm available: a trigram index on search_text answers LIKE '%text%'
-- for texts of three or more characters. The extension is created in the public schema when this role
-- may; elsewhere (PGlite, a managed database without it) the index is skipped and the search reads the
-- stored search_text of the public rows (10,000 strays: a few milliseconds, bench/scale.ts).
DO $$
DECLARE
  ext_schema text;
BEGIN
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      CREATE EXTENSION pg_trgm WITH SCHEMA public;
    END IF;
  EXCEPTION WHEN OTHERS THEN
    NULL;
  END;
  SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF ext_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX stray_reports_search_trgm_idx ON stray_reports USING gin (search_text %I.gin_trgm_ops) WHERE adopt_rank < 3', ext_schema);
  END IF;
END $$;

-- Admin list of applications: newest applied first (adoption.repository.ts), and a member's own.
CREATE INDEX adoption_applied_idx ON adoption_applications (applied_at DESC, id DESC);
CREATE INDEX adoption_applicant_applied_idx ON adoption_applications (applicant_pk, applied_at DESC, id DESC);

-- A member's donations, newest first with the id as tiebreak.
DROP INDEX IF EXISTS donations_donor_idx;
CREATE INDEX donations_donor_idx ON donations (donor_pk, donated_at DESC, id DESC);

-- A member's notifications, all of them newest first (0007's index leads with is_read for the unread list).
CREATE INDEX notifications_recipient_created_idx ON notifications (recipient_pk, created_at DESC, id DESC);
