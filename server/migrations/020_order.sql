-- Orders module (server/modules/order): the unit service price snapshot the settlement formula uses,
-- and indexes that keep /order/list, /order/count and export fast at a million rows.

-- The SKU's service price per unit, copied when the order is created so later SKU edits never change
-- what a store earns for work already taken (README "Settlement formula"). 0 when the order has no SKU.
ALTER TABLE orders ADD COLUMN unit_service_price numeric(12,2) NOT NULL DEFAULT 0 CHECK (unit_service_price >= 0);

-- Prefix searches (order no, trade no, customer name, phone) need pattern-ops btrees: the plain
-- unique index on order_no uses the database collation and cannot serve LIKE 'x%'.
CREATE INDEX orders_order_no_prefix_idx ON orders (order_no text_pattern_ops);
CREATE INDEX orders_trade_no_prefix_idx ON orders (platform_trade_no text_pattern_ops) WHERE platform_trade_no IS NOT NULL;
CREATE INDEX orders_customer_name_prefix_idx ON orders (customer_name text_pattern_ops);
CREATE INDEX orders_phone_prefix_idx ON orders (customer_phone text_pattern_ops);

-- Equality filters, each ending in the list's order (created_at DESC, id DESC) so a filtered first
-- page reads 20 index entries instead of sorting every match.
CREATE INDEX orders_platform_created_idx ON orders (platform, created_at DESC, id DESC);
CREATE INDEX orders_store_created_idx ON orders (store_id, created_at DESC, id DESC) WHERE store_id IS NOT NULL;
CREATE INDEX orders_staff_created_idx ON orders (staff_id, created_at DESC, id DESC) WHERE staff_id IS NOT NULL;
CREATE INDEX orders_merchant_created_idx ON orders (merchant_id, created_at DESC, id DESC);

-- The auto-assign switch, off until an admin turns it on.
INSERT INTO app_config (key, value) VALUES ('orders.autoAssign', 'false'::jsonb) ON CONFLICT (key) DO NOTHING;
