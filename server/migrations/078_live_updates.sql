-- Live updates (server/core/live.ts, server/modules/live): every committed change of a row of a live
-- resource is announced on the per-schema channel 'live' (LISTEN/NOTIFY on PostgreSQL, PGlite's own
-- notifications in one process), whoever made it — any module, a batch, SQL by hand. Delivered on
-- commit only. Per row: the resource, the operation, the id and the columns the trigger names (those
-- data scope and the badge need), as text so 64-bit ids stay exact, after and (update) before the
-- change. A statement touching more than 100 rows (an import, a seed) sends one 'bulk' notice instead.
CREATE FUNCTION misi_live_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := 'misi_live_' || left(md5(current_schema()), 16);
  cols text[] := TG_ARGV[1:TG_NARGS - 1];
  n int;
  r record;
BEGIN
  SELECT count(*) INTO n FROM new_rows;
  IF n = 0 THEN RETURN NULL; END IF;
  IF n > 100 THEN
    PERFORM pg_notify(channel, jsonb_build_object('r', TG_ARGV[0], 'op', 'bulk', 'n', n)::text);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT to_jsonb(x) AS j FROM new_rows x LOOP
      PERFORM pg_notify(channel, jsonb_build_object('r', TG_ARGV[0], 'op', 'insert', 'id', r.j ->> 'id',
        'row', (SELECT jsonb_object_agg(c, r.j ->> c) FROM unnest(cols) c))::text);
    END LOOP;
  ELSE
    FOR r IN SELECT to_jsonb(x) AS j, to_jsonb(o) AS k FROM new_rows x JOIN old_rows o ON o.id = x.id LOOP
      PERFORM pg_notify(channel, jsonb_build_object('r', TG_ARGV[0], 'op', 'update', 'id', r.j ->> 'id',
        'row', (SELECT jsonb_object_agg(c, r.j ->> c) FROM unnest(cols) c),
        'old', (SELECT jsonb_object_agg(c, r.k ->> c) FROM unnest(cols) c))::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_live_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION misi_live_changed('order', 'store_id', 'merchant_id', 'status');
CREATE TRIGGER orders_live_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION misi_live_changed('order', 'store_id', 'merchant_id', 'status');

-- Per user: live updates on or off (personal centre), and when the user last looked at the new
-- orders (the header badge counts pending orders created since then, in the user's scope).
ALTER TABLE users ADD COLUMN live_updates boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN live_seen_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX orders_pending_created_idx ON orders (created_at) WHERE status = 'pending';
