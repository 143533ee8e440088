-- Answers of registrations sent with an Idempotency-Key, so a retry after a timeout
-- (the write may have succeeded although the client saw 502/504) gets the first
-- answer instead of a duplicate. Rows are kept 24 hours; `response` is null while
-- the first request is still being processed.
CREATE TABLE idempotency_keys (
  user_pk integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  scope text NOT NULL,
  key text NOT NULL,
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_pk, scope, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
