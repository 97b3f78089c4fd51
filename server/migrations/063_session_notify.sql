-- Every change that can end or alter a signed-in session tells every instance at once (LISTEN/NOTIFY),
-- so their session caches drop what they remember: a session revoked or deleted, a user disabled,
-- deleted, renamed or given other roles — whether through the API or by hand in the database.
-- The channel is per schema (several apps may share one database); NOTIFY is delivered on commit and
-- identical notifications of one transaction are sent once.
CREATE FUNCTION misi_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('misi_sessions_' || left(md5(current_schema()), 16), '');
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_changed AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION misi_sessions_changed();
-- (deleting a user deletes its sessions, which the trigger above reports)
CREATE TRIGGER users_changed AFTER UPDATE OF username, nickname, roles, enabled, store_id, password_hash ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.nickname IS DISTINCT FROM NEW.nickname
    OR OLD.roles IS DISTINCT FROM NEW.roles OR OLD.enabled IS DISTINCT FROM NEW.enabled
    OR OLD.store_id IS DISTINCT FROM NEW.store_id OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION misi_sessions_changed();
