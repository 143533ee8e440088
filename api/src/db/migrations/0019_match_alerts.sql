-- Match notifications (issue 28, docs/decisions/0042): the owner is told of a candidate at or above the
-- alert threshold at once (bell), and by e-mail at most once an hour per missing report; candidates told
-- in the bell within that hour wait for the next e-mail (a digest) sent by the sweep.

-- When the candidate went out in an e-mail (null: not yet; only alerted candidates are e-mailed).
ALTER TABLE match_candidates ADD COLUMN mailed_at timestamptz;
CREATE INDEX match_candidates_unmailed_idx ON match_candidates (lost_post_id)
  WHERE alerted_at IS NOT NULL AND mailed_at IS NULL;
-- The confirmed side of a found/seen post or a stray report: its page links the missing report.
CREATE INDEX match_candidates_confirmed_idx ON match_candidates (candidate_kind, candidate_id)
  WHERE status = 'CONFIRMED';

-- One row per missing report: when its last match e-mail went out (claimed under the row's lock, so two
-- api instances never both send within the hour).
CREATE TABLE match_mails (
  lost_post_id integer PRIMARY KEY REFERENCES lost_posts (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
