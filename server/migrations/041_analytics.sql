-- Analytics (server/modules/analytics): the performance dashboard reads refunds by refund time and
-- settlements by confirmation / payout time over a date range.
CREATE INDEX refunds_at_idx ON refunds (at);
CREATE INDEX settlements_confirmed_idx ON settlements (confirmed_at);
CREATE INDEX settlements_settled_idx ON settlements (settled_at) WHERE settled_at IS NOT NULL;
