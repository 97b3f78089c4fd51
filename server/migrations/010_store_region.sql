-- Store list filter by region (province → city → district, prefix-wise) and the dictionary's
-- assignable filter (approved and enabled stores only).
CREATE INDEX stores_region_idx ON stores (province, city, district);
CREATE INDEX stores_assignable_idx ON stores (merchant_id) WHERE audit_status = 'approved' AND status = 'enabled';
