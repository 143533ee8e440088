-- Photo embeddings for matching (issue 28; docs/decisions/0046): one vector per stored photo and model,
-- written by the matching worker's embedding step (never in the request that created the record).
-- record_kind is the table the record lives in: POST (lost_posts), STRAY (stray_reports), SHELTER (shelter_animals).
CREATE TABLE photo_embeddings (
  record_kind text NOT NULL CHECK (record_kind IN ('POST', 'STRAY', 'SHELTER')),
  record_id text NOT NULL,
  photo_key text NOT NULL,
  model_id text NOT NULL,
  -- Little-endian float32, L2-normalised (integrations/embedding/embedding.ts vectorToBytes).
  vector bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (record_kind, record_id, photo_key, model_id)
);
