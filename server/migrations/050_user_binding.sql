-- Data scope (src/schema/scope.ts, server/core/data-scope.ts): a user may be bound to one store
-- (users.store_id, since 002) or to one merchant; a bound user reaches only that store's or
-- merchant's rows, whatever its roles. Never both: the staff module refuses it with a message naming
-- the field, the check keeps it true for every other writer.
ALTER TABLE users ADD COLUMN merchant_id int8 REFERENCES merchants (id);
ALTER TABLE users ADD CONSTRAINT users_one_binding CHECK (store_id IS NULL OR merchant_id IS NULL);

-- A merchant-bound user's order list is "merchant_id = M ORDER BY created_at DESC, id DESC": this
-- index serves it as a top-N walk (orders_merchant_idx lacks the id tie-breaker, so it sorted).
-- A store-bound user's list uses orders_store_created_idx (021).
CREATE INDEX orders_merchant_created_idx ON orders (merchant_id, created_at DESC, id DESC);
DROP INDEX orders_merchant_idx;
