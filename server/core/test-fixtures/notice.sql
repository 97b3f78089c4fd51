CREATE TABLE notices (
  id int8 PRIMARY KEY, title text NOT NULL, body text NOT NULL, status text NOT NULL DEFAULT 'enabled',
  views int4 NOT NULL DEFAULT 0, author_id int8, audience text[] NOT NULL DEFAULT '{}', priority int4 NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX notices_created_idx ON notices (created_at DESC, id DESC);
