-- Usernames are unique regardless of case ("Admin" and "admin" are one account name): the staff
-- module checks lower(username) before inserting, and this index makes it hold under concurrent
-- writes and for every other writer. A unique violation on it reaches the user as 409 naming the
-- field (server/core/db-errors.ts). Sign-in stays case-sensitive (the exact stored name).
--
-- A database that already holds names differing only in case cannot take the index: stop with a
-- message listing them instead of PostgreSQL's bare "could not create unique index".
DO $$
DECLARE
  dupes text;
BEGIN
  SELECT string_agg(names, '; ') INTO dupes FROM (
    SELECT string_agg(username, ', ' ORDER BY username) AS names
    FROM users GROUP BY lower(username) HAVING count(*) > 1
  ) d;
  IF dupes IS NOT NULL THEN
    RAISE EXCEPTION 'usernames that differ only in case must be renamed before migration 003: %', dupes;
  END IF;
END $$;

CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
