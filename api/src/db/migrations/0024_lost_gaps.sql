-- Lost-and-found gaps (issues 27 and 28; decisions 0042 and 0043 amended).

-- Match-notice catch-up: the periodic sweep finds candidates committed but never claimed (their instance
-- stopped between the commit and the claim); this keeps that look-up off a scan of every candidate.
CREATE INDEX match_candidates_unclaimed_idx ON match_candidates (created_at)
  WHERE alerted_at IS NULL AND status = 'NEW';

-- Shelter notices in neighbourhood alerts (decision 0043 amended): a notice has no point, its shelter has
-- an address. The address search answers once per shelter address, kept here (latitude null: the search
-- knows no such address). Only the fan-out reads it, to find who is near; no answer carries it.
CREATE TABLE shelter_places (
  address text PRIMARY KEY,
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  looked_up_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((latitude IS NULL) = (longitude IS NULL))
);
-- When the sweep placed a notice and, if some 동네 could hold it, queued its ALERT job (null: not yet).
-- Notices synced before this migration count as done: they are not news any more.
ALTER TABLE shelter_animals ADD COLUMN alert_checked_at timestamptz DEFAULT now();
ALTER TABLE shelter_animals ALTER COLUMN alert_checked_at SET DEFAULT NULL;
CREATE INDEX shelter_animals_alert_pending_idx ON shelter_animals (created_at) WHERE alert_checked_at IS NULL;
