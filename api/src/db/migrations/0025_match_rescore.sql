-- Photos that arrive after a record's matching job ran (decision 0049, the loose end of 0046): a lost
-- post's later photo (the updates endpoint), a shelter notice's picture fetched or replaced later. The
-- record's job is queued again, flagged `rescore`, under a fresh id: as the newest job it scores the
-- record against every record of its window (decision 0040: the later job of a pair scores it), embeds
-- the new photo, updates the undecided pairs' scores and removes undecided pairs that fell below the
-- floor. A job that has not started yet sees the photo anyway and is left alone. Same SQL on PGlite.
ALTER TABLE match_jobs ADD COLUMN rescore boolean NOT NULL DEFAULT false;

CREATE FUNCTION match_requeue(kind text, rid text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF kind IS NULL THEN
    RETURN;
  END IF;
  UPDATE match_jobs SET id = nextval(pg_get_serial_sequence('match_jobs', 'id')), state = 'QUEUED', cursor = NULL,
      locked_by = NULL, locked_until = NULL, attempts = 0, run_after = now(), last_error = NULL, finished_at = NULL, rescore = true
    WHERE record_kind = kind AND record_id = rid AND NOT (state = 'QUEUED' AND cursor IS NULL AND NOT rescore);
  IF NOT EXISTS (SELECT 1 FROM match_jobs WHERE record_kind = kind AND record_id = rid) THEN
    INSERT INTO match_jobs (record_kind, record_id, rescore) VALUES (kind, rid, true) ON CONFLICT DO NOTHING;
  END IF;
END;
$$;

CREATE FUNCTION match_photo_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lost_photos' THEN
    PERFORM match_requeue((SELECT kind FROM lost_posts WHERE id = NEW.post_id), NEW.post_id::text);
  ELSIF TG_OP = 'INSERT' OR OLD.storage_key IS DISTINCT FROM NEW.storage_key OR OLD.phash IS DISTINCT FROM NEW.phash THEN
    PERFORM match_requeue('SHELTER', NEW.desertion_no);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER lost_photos_match_requeue AFTER INSERT ON lost_photos FOR EACH ROW EXECUTE FUNCTION match_photo_added();
CREATE TRIGGER shelter_images_match_requeue AFTER INSERT OR UPDATE ON shelter_images FOR EACH ROW EXECUTE FUNCTION match_photo_added();
