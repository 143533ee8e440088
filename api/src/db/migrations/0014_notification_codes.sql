-- Notifications that name what they are about (issue 25 item 3): a stable code the web words
-- (servers answer codes, not sentences) and what the words need (the dog's name, the post's
-- title, who did it, the day a dog was found), kept as they were when it happened. `message`
-- stays: it is the legacy's sentence, what an older client shows. Older rows have neither.
ALTER TABLE notifications ADD COLUMN code text;
ALTER TABLE notifications ADD COLUMN about jsonb;
