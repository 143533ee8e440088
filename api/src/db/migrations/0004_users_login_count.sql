-- How many times each member has logged in, so the session can say whether this
-- is the first login (the greeting welcomes a new member instead of "good to see you again").
-- Accounts that existed before this column count as having logged in already.
ALTER TABLE users ADD COLUMN login_count integer NOT NULL DEFAULT 0;
UPDATE users SET login_count = 1;
