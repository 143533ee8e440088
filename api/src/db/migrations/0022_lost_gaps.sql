-- Lost-and-found gaps (issues 27 and 28; decisions 0042 and 0043 amended).

-- Match-notice catch-up: the periodic sweep finds candidates committed but never claimed (their instance
-- stopped between the commit and the claim); this keeps that look-up off a scan of every candidate.
CREATE INDEX match_candidates_unclaimed_idx ON match_candidates (created_at)
  WHERE alerted_at IS NULL AND status = 'NEW';
