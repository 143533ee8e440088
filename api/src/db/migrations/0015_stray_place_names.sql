-- Where a stray was found, in words (issue 25 item 8, issue 26; decision 0033): the map provider's
-- address of the pin ("부산광역시 해운대구 우동"), looked up once when the report is filed. NULL when no
-- provider is configured or it did not answer; readers then say the region from our own data.
-- Public answers carry these words, never the exact latitude/longitude.
ALTER TABLE stray_reports ADD COLUMN place_name text;
