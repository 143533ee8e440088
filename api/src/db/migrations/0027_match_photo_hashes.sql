-- The photo hashes of a lost post and of a shelter notice on their own row (decision 0049 amended): a
-- matching page reads them with the row instead of looking up thousands of photos by id, and the
-- pre-filter checks them per row without a subquery. Kept by triggers on the photo tables in the
-- photo's own transaction, in the order the photos were added. The application never writes them.
ALTER TABLE lost_posts ADD COLUMN phashes text[] NOT NULL DEFAULT '{}';
ALTER TABLE shelter_animals ADD COLUMN phashes text[] NOT NULL DEFAULT '{}';

UPDATE lost_posts p SET phashes = h.a
  FROM (SELECT post_id, array_agg(phash ORDER BY id) AS a FROM lost_photos WHERE phash IS NOT NULL GROUP BY post_id) h
  WHERE h.post_id = p.id;
UPDATE shelter_animals s SET phashes = h.a
  FROM (SELECT desertion_no, array_agg(phash ORDER BY n) AS a FROM shelter_images WHERE phash IS NOT NULL GROUP BY desertion_no) h
  WHERE h.desertion_no = s.desertion_no;

CREATE FUNCTION match_photo_hashes_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    r := OLD;
  ELSE
    r := NEW;
  END IF;
  IF TG_TABLE_NAME = 'lost_photos' THEN
    UPDATE lost_posts SET phashes = coalesce(
        (SELECT array_agg(phash ORDER BY id) FROM lost_photos WHERE post_id = r.post_id AND phash IS NOT NULL), '{}')
      WHERE id = r.post_id;
  ELSE
    UPDATE shelter_animals SET phashes = coalesce(
        (SELECT array_agg(phash ORDER BY n) FROM shelter_images WHERE desertion_no = r.desertion_no AND phash IS NOT NULL), '{}')
      WHERE desertion_no = r.desertion_no;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER lost_photos_phashes AFTER INSERT OR DELETE OR UPDATE OF phash ON lost_photos
  FOR EACH ROW EXECUTE FUNCTION match_photo_hashes_keep();
CREATE TRIGGER shelter_images_phashes AFTER INSERT OR DELETE OR UPDATE OF phash ON shelter_images
  FOR EACH ROW EXECUTE FUNCTION match_photo_hashes_keep();
