-- A lost post edited in what the scorer reads — moved or re-dated (the updates endpoint: a new last-seen
-- place), re-described (the edit form: breed, sex, size, weight, colour, registration number) — is
-- scored again (decision 0049 amended): its job is queued as a re-score, like a photo that came later
-- (migration 0025). The re-score reads its new window and then its undecided pairs, so a pair the edit
-- made impossible or weaker is updated or removed. A job not started yet is left alone. Same SQL on PGlite.
CREATE FUNCTION match_post_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM match_requeue(NEW.kind, NEW.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER lost_posts_match_edited
  AFTER UPDATE OF breed, gender, size, weight, colour, registration_no, latitude, longitude, sigungu, sido, happened_date, happened_time
  ON lost_posts FOR EACH ROW
  WHEN ((OLD.breed, OLD.gender, OLD.size, OLD.weight, OLD.colour, OLD.registration_no, OLD.latitude, OLD.longitude, OLD.sigungu,
      OLD.sido, OLD.happened_date, OLD.happened_time)
    IS DISTINCT FROM (NEW.breed, NEW.gender, NEW.size, NEW.weight, NEW.colour, NEW.registration_no, NEW.latitude, NEW.longitude,
      NEW.sigungu, NEW.sido, NEW.happened_date, NEW.happened_time))
  EXECUTE FUNCTION match_post_edited();
