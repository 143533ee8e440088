-- Each record's breed reading on its own row (decision 0049 amended), for the matching pre-filter's breed
-- bound: `breed_key` and `breed_group` are what the scorer's readBreed (api/src/modules/matching/scorer/
-- breeds.ts) finds in the row's breed words — lost_posts.breed, stray_reports.type, shelter_animals.kind —
-- when it finds a known breed and no mix word; NULL otherwise (unknown or generic words, a mix, no words),
-- i.e. NULL means "this row's breed can never differ from anything". The pre-filter only ever leaves a
-- row out on a non-NULL reading, so NULL is always safe.
--
-- The words are the scorer's: the api writes them into match_breed_words from its own table at start
-- (matching.breed-words.repository.ts; under the migration lock) and recomputes the stored readings when
-- they changed; until then the table is empty and every reading NULL. match_breed_words_version holds the
-- digest of the words the table holds: the pre-filter uses the stored readings only when it is the
-- digest of the words of the code that runs (instances of two versions side by side). The application
-- never writes the columns. Same SQL on PGlite and Postgres.
CREATE TABLE match_breed_words (
  -- readBreed's order: the longest word first, words of one length in the order of its table; the mix
  -- words after the breed words (a mix word anywhere makes the reading NULL, whatever its place).
  ord integer PRIMARY KEY,
  -- As readBreed compares them: lower-case, without spaces and the punctuation it drops.
  word text NOT NULL CHECK (word <> ''),
  -- NULL with is_mix false: a word that names a species only (dog, cat): found first, it gives no breed.
  breed_key text,
  breed_group text,
  is_mix boolean NOT NULL,
  CHECK ((breed_key IS NULL) = (breed_group IS NULL) AND NOT (is_mix AND breed_key IS NOT NULL))
);

CREATE TABLE match_breed_words_version (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  digest text NOT NULL
);

-- The reading of one text, or NULL. Conservative: only a text made of Hangul syllables (U+AC00 to U+D7A3,
-- chr(44032) to chr(55203)), ASCII letters and digits, ASCII spaces and the punctuation readBreed drops or
-- keeps (-_·.,/()[]) is read at all, so the lower-casing (ASCII only, by translate) and the dropping (ASCII
-- space only) are exactly readBreed's on it; anything else — another letter, a tab, a full-width space, a
-- separator — gives NULL (never left out).
CREATE FUNCTION match_breed_reading(words text) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  squashed text;
  hit record;
BEGIN
  IF words IS NULL
    OR translate(words, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -_·.,/()[]', '') !~ ('^[' || chr(44032) || '-' || chr(55203) || ']*$') THEN
    RETURN NULL;
  END IF;
  squashed := translate(words, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ -_·.,/()', 'abcdefghijklmnopqrstuvwxyz');
  -- A mix word anywhere first (NULL), else the first breed word in readBreed's order.
  SELECT w.breed_key, w.breed_group, w.is_mix INTO hit
    FROM match_breed_words w WHERE strpos(squashed, w.word) > 0 ORDER BY w.is_mix DESC, w.ord LIMIT 1;
  IF NOT FOUND OR hit.is_mix OR hit.breed_key IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN ARRAY[hit.breed_key, hit.breed_group];
END;
$$;

ALTER TABLE lost_posts ADD COLUMN breed_key text, ADD COLUMN breed_group text;
ALTER TABLE stray_reports ADD COLUMN breed_key text, ADD COLUMN breed_group text;
ALTER TABLE shelter_animals ADD COLUMN breed_key text, ADD COLUMN breed_group text;

-- Kept in the row's own statement: on insert, and when its breed words change. One function for the three
-- tables: its argument names the column that holds the row's breed words.
CREATE FUNCTION match_breed_reading_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r text[] := match_breed_reading(to_jsonb(NEW) ->> TG_ARGV[0]);
BEGIN
  NEW.breed_key := r[1];
  NEW.breed_group := r[2];
  RETURN NEW;
END;
$$;

CREATE TRIGGER lost_posts_breed_reading BEFORE INSERT OR UPDATE OF breed ON lost_posts
  FOR EACH ROW EXECUTE FUNCTION match_breed_reading_of_row('breed');
CREATE TRIGGER stray_reports_breed_reading BEFORE INSERT OR UPDATE OF type ON stray_reports
  FOR EACH ROW EXECUTE FUNCTION match_breed_reading_of_row('type');
CREATE TRIGGER shelter_animals_breed_reading BEFORE INSERT OR UPDATE OF kind ON shelter_animals
  FOR EACH ROW EXECUTE FUNCTION match_breed_reading_of_row('kind');

-- The pre-filter's conditions in the indexes (decision 0049 amended): a missing report's sightings page
-- asks the index for its box and date window and, when it leaves rows out by sex or breed, only for the
-- rows that can be kept — the sexes and breed groups that never differ from its own, and everything
-- within MIN_KM — instead of reading every row of the box and filtering it. The page's own conditions
-- (box, window, the exact pre-filter) still decide; these only narrow what is read, so a hash collision
-- or a rank shared by two words can only keep a row more. Core types only (points and boxes in GiST),
-- so PGlite runs them unchanged.
--
-- The sex as a rank with the unknown in the middle (male 0, unknown or neutered 1, female 2): the sexes
-- that never differ from a report's are one range. Both tables' spellings.
CREATE FUNCTION match_sex_rank(sex text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN sex IN ('MALE', 'M') THEN 0 WHEN sex IN ('FEMALE', 'F') THEN 2 ELSE 1 END
$$;
-- The stored breed group as a number (no group: the hash of '').
CREATE FUNCTION match_group_hash(breed_group text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hashtext(coalesce(breed_group, ''))
$$;

-- Sightings: the exact point (migration 0023's one column), then the day and the sex rank as one point,
-- then the breed group.
DROP INDEX lost_posts_match_sighting_geo_idx;
CREATE INDEX lost_posts_match_sighting_geo_idx ON lost_posts USING gist (
  point(latitude, longitude),
  point(happened_date - DATE '2000-01-01', match_sex_rank(gender)),
  point(match_group_hash(breed_group), 0)
) WHERE kind <> 'MISSING' AND NOT hidden;

-- Open shelter notices of a province (sido): by breed group and sex rank, then the day.
CREATE INDEX shelter_animals_match_prune_idx ON shelter_animals (sido, match_group_hash(breed_group), match_sex_rank(sex), happen_date)
  WHERE status = 'OPEN';
