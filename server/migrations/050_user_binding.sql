-- Data scope (src/schema/scope.ts, server/core/data-scope.ts): a user may be bound to one store
-- (users.store_id, since 002) or to one merchant; a bound user reaches only that store's or
-- merchant's rows, whatever its roles. Never both: the staff module refuses it with a message naming
-- the field, the check keeps it true for every other writer.
--
-- The scoped lists need no new index: a store-bound order list is served by orders_store_created_idx
-- (021), a merchant-bound one by orders_merchant_created_idx (020); stores, shops, products and
-- logistics orders are indexed by merchant_id already.
ALTER TABLE users ADD COLUMN merchant_id int8 REFERENCES merchants (id);
ALTER TABLE users ADD CONSTRAINT users_one_binding CHECK (store_id IS NULL OR merchant_id IS NULL);
