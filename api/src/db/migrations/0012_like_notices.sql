-- Who has already been announced as liking a post (issue 24 item 14): a like notifies the author
-- once per person and post, so like -> unlike -> like cannot be used to ring someone's bell again.
-- Kept when the like is taken back (that is the point); gone with the post or the account.
CREATE TABLE community_like_notices (
  post_id integer NOT NULL REFERENCES community_posts (id) ON DELETE CASCADE,
  user_pk integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, user_pk)
);
CREATE INDEX community_like_notices_user_idx ON community_like_notices (user_pk);
