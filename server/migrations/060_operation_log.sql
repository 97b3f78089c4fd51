-- Operation log: every write made through the API (who, when, resource, record, action, before → after),
-- sign-ins, failed sign-ins and refused permission checks. Written by server/core/audit.ts.
CREATE TABLE operation_logs (
  id          int8 PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  kind        text NOT NULL CHECK (kind IN ('write', 'login', 'loginFailed', 'denied')),
  user_id     int8,
  username    text,
  resource    text NOT NULL,
  action      text NOT NULL,
  record_id   text,
  ip          text,
  changes     jsonb,
  detail      jsonb
);
CREATE INDEX operation_logs_at_idx ON operation_logs (at DESC, id DESC);
CREATE INDEX operation_logs_user_idx ON operation_logs (user_id, at DESC);
CREATE INDEX operation_logs_resource_idx ON operation_logs (resource, action, at DESC);
