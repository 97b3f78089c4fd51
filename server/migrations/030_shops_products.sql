-- Products/shops module (helper G): what 002_domain.sql needs for shop authorisation, product sync
-- and the built-in sandbox platform. Additive only.

-- A shop registered by hand (POST /merchantAuth/add) waits in 'pending' until it is authorised.
ALTER TABLE shops DROP CONSTRAINT shops_auth_status_check;
ALTER TABLE shops ADD CONSTRAINT shops_auth_status_check
  CHECK (auth_status IN ('pending', 'authorized', 'expired', 'unbound'));
ALTER TABLE shops ADD COLUMN remark text;
ALTER TABLE shops ADD COLUMN unbound_at timestamptz;
ALTER TABLE shops ADD COLUMN created_by int8;
-- Lease taken by a product sync so two syncs of one shop (any instance) never run at once.
ALTER TABLE shops ADD COLUMN sync_lock_until timestamptz;
CREATE INDEX shops_created_idx ON shops (created_at DESC, id DESC);

-- Re-authorising a known shop ties the state to it; the redirect URI must match at the callback.
ALTER TABLE auth_states ADD COLUMN shop_id int8 REFERENCES shops (id);
ALTER TABLE auth_states ADD COLUMN redirect_uri text;
CREATE INDEX auth_states_expires_idx ON auth_states (expires_at);

-- Trades imported without a matching synced product/SKU (the order keeps the trade's titles).
ALTER TABLE trade_imports ADD COLUMN unmatched int4 NOT NULL DEFAULT 0;

-- Platform image URL of a synced product (image holds an uploaded file key, if any).
ALTER TABLE products ADD COLUMN image_url text;
CREATE INDEX products_shop_idx ON products (shop_id, status);
CREATE INDEX products_created_idx ON products (created_at DESC, id DESC);
CREATE INDEX skus_product_idx ON skus (product_id);

-- The sandbox platform's own state (it is a separate "platform" that happens to live in this
-- server): authorisation codes and issued tokens. Kept in the database so any instance answers.
CREATE TABLE sandbox_codes (
  code          text PRIMARY KEY,
  shop_account  text NOT NULL,
  client_id     text NOT NULL,
  redirect_uri  text NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);

CREATE TABLE sandbox_tokens (
  access_hash         text PRIMARY KEY,  -- sha256 of the token; the token itself is never stored
  refresh_hash        text NOT NULL UNIQUE,
  shop_account        text NOT NULL,
  client_id           text NOT NULL,
  expires_at          timestamptz NOT NULL,
  refresh_expires_at  timestamptz NOT NULL,
  revoked_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_tokens_shop_idx ON sandbox_tokens (shop_account);
