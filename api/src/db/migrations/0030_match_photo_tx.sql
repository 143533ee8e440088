-- The transaction that last set a row's photo hashes (decision 0051). Each api instance keeps every lost
-- post's and shelter notice's hashes in memory (matching.photo-index.ts) to find the photos near a missing
-- report's without reading its whole box; it catches up on the rows whose `photo_tx` is at or after the
-- oldest transaction still running when it last read (pg_snapshot_xmin), and a page reads those rows
-- itself, so a hash set by a transaction the instance could not see yet is never missed. 0 on the rows
-- that were there before: the instance's first read takes every row. A lost post's kind changing sets it
-- too (the copy holds sightings only); on a notice `kind` is the portal's breed words, harmless. Same SQL on PGlite.
ALTER TABLE lost_posts ADD COLUMN photo_tx bigint NOT NULL DEFAULT 0;
ALTER TABLE shelter_animals ADD COLUMN photo_tx bigint NOT NULL DEFAULT 0;

CREATE FUNCTION match_photo_tx_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.phashes IS DISTINCT FROM OLD.phashes OR NEW.kind IS DISTINCT FROM OLD.kind THEN
    NEW.photo_tx := pg_current_xact_id()::text::bigint;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER lost_posts_photo_tx BEFORE INSERT OR UPDATE OF phashes, kind ON lost_posts
  FOR EACH ROW EXECUTE FUNCTION match_photo_tx_keep();
CREATE TRIGGER shelter_animals_photo_tx BEFORE INSERT OR UPDATE OF phashes, kind ON shelter_animals
  FOR EACH ROW EXECUTE FUNCTION match_photo_tx_keep();

CREATE INDEX lost_posts_photo_tx_idx ON lost_posts (photo_tx);
CREATE INDEX shelter_animals_photo_tx_idx ON shelter_animals (photo_tx);
