-- The browser session that asked for an address's code (a digest of its signup cookie), so the legacy
-- front end's `verify-email?code=` without the address is checked against that code only (issue 23,
-- docs/decisions/0029). Null for codes asked for by a caller that gave no session (the BFF sends the address).
ALTER TABLE email_codes ADD COLUMN requester text;
CREATE INDEX email_codes_requester_idx ON email_codes (requester) WHERE requester IS NOT NULL;
