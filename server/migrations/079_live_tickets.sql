-- One-use tickets for the live-update stream (server/modules/live): the browser's EventSource cannot
-- send the session header, so the console first asks for a ticket (POST /api/live/ticket, with the
-- header) and opens GET /api/live/stream?ticket=… with it. A ticket stands for its session, lives
-- 30 seconds and is deleted when used, so one in a log is worth nothing. Shared by every instance.
CREATE TABLE live_tickets (
  ticket_hash text PRIMARY KEY,
  token_hash  text NOT NULL,
  expires_at  timestamptz NOT NULL
);
