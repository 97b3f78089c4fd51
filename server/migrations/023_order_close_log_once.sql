-- A close used to store its reason twice in the log (after.closeReason and remark), so the timeline
-- showed it twice; the reason stays in remark only.
UPDATE order_logs SET after = after - 'closeReason' WHERE action = 'close' AND after ? 'closeReason';
