-- People have names (issue 25 item 5; decision 0035): a nickname is what other members see of a
-- member, never the login id. Unique whatever the case; stored NFKC-normalised (shared/src/names.ts
-- holds the rules new input must follow).
ALTER TABLE users ADD COLUMN nickname text;
CREATE UNIQUE INDEX users_nickname_key ON users (lower(nickname));

-- A free nickname made from a name: NFKC, only Hangul syllables, Latin letters, digits and "_" kept,
-- at most 10 characters, then 2, 3, ... appended while another member holds it. No usable name (or a
-- reserved word, for anyone but the administrator) gives "회원" plus a number.
CREATE FUNCTION pawbridge_free_nickname(raw text, member_role text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  base := left(regexp_replace(normalize(coalesce(raw, ''), NFKC), '[^0-9A-Za-z가-힣_]', '', 'g'), 10);
  IF member_role <> 'ADMIN' AND lower(base) IN ('관리자', '운영자', 'admin', 'administrator', '익명', '알수없음', '포브리지', 'pawbridge') THEN
    base := '';
  END IF;
  IF char_length(base) < 2 THEN
    base := '회원';
    n := 2;
  END IF;
  candidate := CASE WHEN n = 1 THEN base ELSE base || n END;
  WHILE EXISTS (SELECT 1 FROM users WHERE lower(nickname) = lower(candidate)) LOOP
    n := n + 1;
    candidate := base || n;
  END LOOP;
  RETURN candidate;
END $$;

-- Existing members, oldest first: the first of equal names keeps it, the next get 2, 3, ...
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, name, role FROM users WHERE nickname IS NULL ORDER BY id LOOP
    UPDATE users SET nickname = pawbridge_free_nickname(r.name, r.role) WHERE id = r.id;
  END LOOP;
END $$;

-- Every way a member is created (signup without a nickname, social login, seeds) gets one the same way.
CREATE FUNCTION users_fill_nickname() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.nickname IS NULL THEN
    NEW.nickname := pawbridge_free_nickname(NEW.name, NEW.role);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_fill_nickname BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION users_fill_nickname();

ALTER TABLE users ALTER COLUMN nickname SET NOT NULL;

-- Phone numbers in one format (issue 25 item 8): what was stored before the boundary normalised
-- input ("01012345678", "010 1234 5678", "+82 10-1234-5678") becomes "010-1234-5678", the same
-- rule as normalisePhone in shared/src/names.ts. A value that is no Korean number is left as it is.
CREATE FUNCTION pawbridge_phone(raw text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  d text;
BEGIN
  IF raw IS NULL THEN
    RETURN NULL;
  END IF;
  d := regexp_replace(normalize(raw, NFKC), '[[:space:]().–—-]', '', 'g');
  IF d ~ '^(\+82|0082)' THEN
    d := '0' || regexp_replace(d, '^(\+82|0082)0?', '');
  END IF;
  IF d ~ '^02[0-9]{7,8}$' THEN
    RETURN '02-' || substr(d, 3, length(d) - 6) || '-' || right(d, 4);
  END IF;
  IF d ~ '^010[0-9]{8}$' OR d ~ '^01[16789][0-9]{7,8}$' OR d ~ '^0[3-9][0-9]{8,9}$' THEN
    RETURN left(d, 3) || '-' || substr(d, 4, length(d) - 7) || '-' || right(d, 4);
  END IF;
  RETURN raw;
END $$;

UPDATE users SET phone_nm = pawbridge_phone(phone_nm) WHERE phone_nm IS NOT NULL AND phone_nm IS DISTINCT FROM pawbridge_phone(phone_nm);
DROP FUNCTION pawbridge_phone(text);
