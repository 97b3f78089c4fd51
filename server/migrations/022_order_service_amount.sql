-- The settlement base finance enters for an order without a SKU (no service price to snapshot).
-- NULL: the base is unit_service_price × quantity (README "Settlement formula").
ALTER TABLE orders ADD COLUMN service_amount numeric(12,2) CHECK (service_amount IS NULL OR service_amount > 0);
