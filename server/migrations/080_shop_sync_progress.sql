-- Shops (helper shops): the product sync a shop runs, as the shop list shows it. A sync starts by
-- itself when a shop is authorised and runs in the background; `sync_done`/`sync_total` are the
-- products written so far and the platform's count. A 'running' sync whose lease
-- (sync_lock_until, 030) has run out was interrupted (the server stopped) and reads as failed.
ALTER TABLE shops ADD COLUMN sync_status text CHECK (sync_status IN ('running', 'done', 'failed'));
ALTER TABLE shops ADD COLUMN sync_done int4 NOT NULL DEFAULT 0;
ALTER TABLE shops ADD COLUMN sync_total int4;
ALTER TABLE shops ADD COLUMN sync_error text;
ALTER TABLE shops ADD COLUMN sync_started_at timestamptz;
