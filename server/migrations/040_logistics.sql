-- Logistics module (server/modules/logistics): who cancelled a shipment and why, and the indexes the
-- list's filters need (prefix searches use pattern-ops btrees; equality filters end in the list order).
ALTER TABLE logistics_orders ADD COLUMN cancel_reason text;
ALTER TABLE logistics_orders ADD COLUMN cancelled_at timestamptz;
ALTER TABLE logistics_orders ADD COLUMN cancelled_by int8;

CREATE INDEX logistics_orders_tracking_prefix_idx ON logistics_orders (tracking_no text_pattern_ops);
CREATE INDEX logistics_orders_receiver_name_prefix_idx ON logistics_orders (receiver_name text_pattern_ops);
CREATE INDEX logistics_orders_receiver_phone_prefix_idx ON logistics_orders (receiver_phone text_pattern_ops);
CREATE INDEX logistics_orders_status_created_idx ON logistics_orders (status, created_at DESC, id DESC);
CREATE INDEX logistics_orders_carrier_created_idx ON logistics_orders (carrier, created_at DESC, id DESC);
CREATE INDEX logistics_orders_merchant_created_idx ON logistics_orders (merchant_id, created_at DESC, id DESC);
