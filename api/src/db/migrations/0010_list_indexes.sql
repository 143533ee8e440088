-- Indexes for every list and search filter/order (issue 17: paged lists stay fast at 10,000 strays and
-- 100,000 posts). Runs on PGlite and Postgres.

-- Adopt list and its search: public statuses in adopt order (rank, newest found, id). The expression is
-- the one in strays.repository.ts (adoptListRank); a page is the next rows of this index.
CREATE INDEX stray_reports_adopt_order_idx ON stray_reports (
  (case status when 'PROTECTING' then 0 when 'WAITING' then 1 when 'ADOPT' then 2 else 3 end),
  found_date DESC, found_time DESC, id DESC
) WHERE status IN ('PROTECTING', 'WAITING', 'ADOPT');

-- Search by day within the adopt order (0003's found_date index serves the day alone).
CREATE INDEX stray_reports_found_day_idx ON stray_reports (found_date, found_time) WHERE status IN ('PROTECTING', 'WAITING', 'ADOPT');

-- Place search: a substring of lower(location, description, breed) (searchText in strays.repository.ts).
-- On Postgres with pg_trgm available a trigram index answers LIKE '%text%'; the extension is created
-- in the public schema when this role may, and the index is skipped where it is missing (PGlite,
-- a managed database without the extension), where a scan of the public rows serves the search.
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
    EXECUTE format(
      'CREATE INDEX stray_reports_search_trgm_idx ON stray_reports USING gin ((lower(location || chr(1) || description || chr(1) || coalesce(type, %L))) %I.gin_trgm_ops) WHERE status IN (%L, %L, %L)',
      '', ext_schema, 'PROTECTING', 'WAITING', 'ADOPT'
    );
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
