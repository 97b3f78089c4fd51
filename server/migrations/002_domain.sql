-- The business's tables (DESIGN.md §5). Money is numeric(12,2); ids are 64-bit snowflakes;
-- region columns hold GB/T 2260 codes (6 digits). Statuses are text checked by constraint so a
-- bad value can never be written.

CREATE TABLE merchants (
  id                int8 PRIMARY KEY,
  name              text NOT NULL,
  short_name        text,
  logo              text,
  license           text,
  contact           text NOT NULL,
  phone             text NOT NULL,
  address           text,
  bank_name         text,
  bank_account_name text,
  bank_account_no   text,
  remark            text,
  status            text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX merchants_name_key ON merchants (name);
CREATE INDEX merchants_created_idx ON merchants (created_at DESC, id DESC);

-- Shops a merchant authorised on an e-commerce platform (the merchantAuth screen).
CREATE TABLE shops (
  id               int8 PRIMARY KEY,
  merchant_id      int8 NOT NULL REFERENCES merchants (id),
  platform         text NOT NULL,
  platform_shop_id text NOT NULL,
  name             text NOT NULL,
  auth_status      text NOT NULL DEFAULT 'authorized' CHECK (auth_status IN ('authorized', 'expired', 'unbound')),
  access_token     text,
  refresh_token    text,
  token_expires_at timestamptz,
  authorized_at    timestamptz,
  last_sync_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (platform, platform_shop_id)
);
CREATE INDEX shops_merchant_idx ON shops (merchant_id);

-- Pending OAuth authorisations: the state parameter ties the platform's callback to a merchant.
CREATE TABLE auth_states (
  state       text PRIMARY KEY,
  merchant_id int8 NOT NULL REFERENCES merchants (id),
  platform    text NOT NULL,
  created_by  int8 NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- Imports of historical trades from a shop.
CREATE TABLE trade_imports (
  id          int8 PRIMARY KEY,
  shop_id     int8 NOT NULL REFERENCES shops (id),
  start_time  timestamptz NOT NULL,
  end_time    timestamptz NOT NULL,
  status      text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  fetched     int4 NOT NULL DEFAULT 0,
  imported    int4 NOT NULL DEFAULT 0,
  skipped     int4 NOT NULL DEFAULT 0,
  error       text,
  created_by  int8,
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX trade_imports_shop_idx ON trade_imports (shop_id, created_at DESC);

-- Franchise stores: physical service points of a merchant, audited before they take work.
CREATE TABLE stores (
  id             int8 PRIMARY KEY,
  merchant_id    int8 NOT NULL REFERENCES merchants (id),
  name           text NOT NULL,
  province       text NOT NULL,
  city           text,
  district       text,
  address        text NOT NULL,
  contact        text NOT NULL,
  phone          text NOT NULL,
  service_area   text[] NOT NULL DEFAULT '{}',
  business_hours text,
  photos         text[] NOT NULL DEFAULT '{}',
  status         text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  audit_status   text NOT NULL DEFAULT 'pending' CHECK (audit_status IN ('pending', 'approved', 'rejected')),
  audit_reason   text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stores_merchant_idx ON stores (merchant_id, audit_status, status);
CREATE INDEX stores_service_area_idx ON stores USING gin (service_area);
CREATE INDEX stores_created_idx ON stores (created_at DESC, id DESC);

CREATE TABLE store_audits (
  id          int8 PRIMARY KEY,
  store_id    int8 NOT NULL REFERENCES stores (id),
  result      text NOT NULL CHECK (result IN ('approved', 'rejected')),
  reason      text,
  operator_id int8 NOT NULL REFERENCES users (id),
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX store_audits_store_idx ON store_audits (store_id, at DESC);

ALTER TABLE users ADD CONSTRAINT users_store_fk FOREIGN KEY (store_id) REFERENCES stores (id);

-- Products and SKUs synced from the shops; a SKU carries the service price a store earns.
CREATE TABLE products (
  id                  int8 PRIMARY KEY,
  shop_id             int8 NOT NULL REFERENCES shops (id),
  merchant_id         int8 NOT NULL REFERENCES merchants (id),
  platform            text NOT NULL,
  platform_product_id text NOT NULL,
  title               text NOT NULL,
  image               text,
  category            text,
  status              text NOT NULL DEFAULT 'on_sale' CHECK (status IN ('on_sale', 'off_sale')),
  price               numeric(12,2) NOT NULL DEFAULT 0,
  synced_at           timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shop_id, platform_product_id)
);
CREATE INDEX products_merchant_idx ON products (merchant_id, status);

CREATE TABLE skus (
  id              int8 PRIMARY KEY,
  product_id      int8 NOT NULL REFERENCES products (id),
  platform_sku_id text NOT NULL,
  name            text NOT NULL,
  price           numeric(12,2) NOT NULL DEFAULT 0,
  service_price   numeric(12,2) NOT NULL DEFAULT 0 CHECK (service_price >= 0),
  stock           int4 NOT NULL DEFAULT 0,
  enabled         bool NOT NULL DEFAULT true,
  synced_at       timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, platform_sku_id)
);

-- Orders: a customer's service request, from a platform trade or entered by hand.
CREATE TABLE orders (
  id                int8 PRIMARY KEY,
  order_no          text NOT NULL UNIQUE,
  source            text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'import')),
  platform          text NOT NULL,
  platform_trade_no text,
  shop_id           int8 REFERENCES shops (id),
  merchant_id       int8 NOT NULL REFERENCES merchants (id),
  product_id        int8 REFERENCES products (id),
  sku_id            int8 REFERENCES skus (id),
  product_title     text NOT NULL,
  sku_name          text,
  quantity          int4 NOT NULL DEFAULT 1 CHECK (quantity > 0),
  customer_name     text NOT NULL,
  customer_phone    text NOT NULL,
  province          text NOT NULL,
  city              text,
  district          text,
  address           text NOT NULL,
  paid_amount       numeric(12,2) NOT NULL CHECK (paid_amount >= 0),
  adjusted_amount   numeric(12,2) NOT NULL CHECK (adjusted_amount >= 0),
  refunded_amount   numeric(12,2) NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  settle_amount     numeric(12,2),
  status            text NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'assigned', 'in_service', 'to_settle', 'settled', 'closed', 'refunded')),
  store_id          int8 REFERENCES stores (id),
  staff_id          int8 REFERENCES users (id),
  remark            text,
  attachments       text[] NOT NULL DEFAULT '{}',
  close_reason      text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  assigned_at       timestamptz,
  settled_at        timestamptz,
  closed_at         timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (refunded_amount <= paid_amount)
);
CREATE UNIQUE INDEX orders_trade_key ON orders (platform, platform_trade_no) WHERE platform_trade_no IS NOT NULL;
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC, id DESC);
CREATE INDEX orders_merchant_idx ON orders (merchant_id, created_at DESC);
CREATE INDEX orders_store_idx ON orders (store_id, status);
CREATE INDEX orders_shop_idx ON orders (shop_id, created_at DESC);
CREATE INDEX orders_phone_idx ON orders (customer_phone);

CREATE TABLE order_logs (
  id            int8 PRIMARY KEY,
  order_id      int8 NOT NULL REFERENCES orders (id),
  operator_id   int8,
  operator_name text NOT NULL,
  action        text NOT NULL,
  before        jsonb,
  after         jsonb,
  remark        text,
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_logs_order_idx ON order_logs (order_id, at, id);

CREATE TABLE work_orders (
  id             int8 PRIMARY KEY,
  order_id       int8 NOT NULL REFERENCES orders (id),
  type           text NOT NULL,
  appointment_at timestamptz NOT NULL,
  staff_id       int8 REFERENCES users (id),
  notes          text,
  status         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'cancelled')),
  created_by     int8 NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_orders_order_idx ON work_orders (order_id);

CREATE TABLE price_adjustments (
  id            int8 PRIMARY KEY,
  order_id      int8 NOT NULL REFERENCES orders (id),
  before_amount numeric(12,2) NOT NULL,
  after_amount  numeric(12,2) NOT NULL CHECK (after_amount >= 0),
  reason        text NOT NULL,
  operator_id   int8 NOT NULL,
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_adjustments_order_idx ON price_adjustments (order_id);

CREATE TABLE refunds (
  id          int8 PRIMARY KEY,
  order_id    int8 NOT NULL REFERENCES orders (id),
  amount      numeric(12,2) NOT NULL CHECK (amount > 0),
  kind        text NOT NULL CHECK (kind IN ('partial', 'full')),
  reason      text NOT NULL,
  operator_id int8 NOT NULL,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_order_idx ON refunds (order_id);

CREATE TABLE settlements (
  id           int8 PRIMARY KEY,
  order_id     int8 NOT NULL UNIQUE REFERENCES orders (id),
  store_id     int8 NOT NULL REFERENCES stores (id),
  amount       numeric(12,2) NOT NULL CHECK (amount >= 0),
  status       text NOT NULL CHECK (status IN ('confirmed', 'settled')),
  confirmed_by int8 NOT NULL,
  confirmed_at timestamptz NOT NULL DEFAULT now(),
  settled_by   int8,
  settled_at   timestamptz
);

-- Console-wide switches (e.g. orders.autoAssign), shared by every server instance.
CREATE TABLE app_config (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_by int8,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Logistics orders: goods shipped for an order; carriers push tracking events.
CREATE TABLE logistics_orders (
  id               int8 PRIMARY KEY,
  order_id         int8 REFERENCES orders (id),
  merchant_id      int8 NOT NULL REFERENCES merchants (id),
  carrier          text NOT NULL,
  tracking_no      text NOT NULL,
  status           text NOT NULL DEFAULT 'created'
                   CHECK (status IN ('created', 'collected', 'in_transit', 'delivering', 'delivered', 'exception', 'cancelled')),
  goods            text NOT NULL,
  receiver_name    text NOT NULL,
  receiver_phone   text NOT NULL,
  province         text NOT NULL,
  city             text,
  district         text,
  address          text NOT NULL,
  remark           text,
  last_event_at    timestamptz,
  created_by       int8,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (carrier, tracking_no)
);
CREATE INDEX logistics_orders_created_idx ON logistics_orders (created_at DESC, id DESC);
CREATE INDEX logistics_orders_order_idx ON logistics_orders (order_id);

CREATE TABLE logistics_events (
  id           int8 PRIMARY KEY,
  logistics_id int8 NOT NULL REFERENCES logistics_orders (id),
  status       text NOT NULL,
  description  text NOT NULL,
  location     text,
  at           timestamptz NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (logistics_id, at, status)
);
CREATE INDEX logistics_events_idx ON logistics_events (logistics_id, at DESC);
