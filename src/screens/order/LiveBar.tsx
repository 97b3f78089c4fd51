/**
 * The order list's live bar (schemas/order.json list "banner"): "3 new orders — show" once orders
 * reach the user's scope after the list was shown, or "Orders have changed — show" when rows on
 * screen changed. The user's page, filters and rows stay as they are until "show": then the list
 * goes to page 1 and is fetched again with the same filters, and the bar counts afresh.
 *
 * What the rows on screen already show is not announced. A change to a row on screen counts when it
 * arrived after their answer; one that arrived while they were being fetched only when the answer
 * shows that row in another status (it may have been read before or after the change: the user's own
 * action is committed just before the list asks again, and its event often arrives meanwhile); one
 * that arrived before the request is in the answer (a change is committed before its event leaves).
 * A new order counts only while it is not on screen (one the user just created and sees).
 */
import { Alert, Button } from 'antd';
import { useMemo, useState } from 'react';
import type { SlotProps } from '../../renderer/slots';
import { useT } from '../../renderer';
import { liveEventsSince, useLive } from '../../shell/live-updates';

export default function LiveBar({ rows, rowsAskedAt, rowsAnsweredAt, show }: SlotProps) {
  const t = useT();
  const live = useLive();
  // new orders: since the last "show"; changes: since the rows on screen were asked for
  const [since, setSince] = useState(() => live.seq);
  const asked = Number(rowsAskedAt) || 0;
  const answered = Number(rowsAnsweredAt) || 0;
  // the status of each row on screen, by id
  const onScreen = useMemo(() => new Map(((rows as Record<string, unknown>[] | undefined) ?? []).map((r) => [String(r.id), r.status ?? null])), [rows]);

  const { fresh, changed } = useMemo(() => {
    const added = new Set<string>();
    let touched = false;
    for (const e of liveEventsSince(0)) {
      if (e.op === 'insert' || e.op === 'enter') {
        if (e.id && e.seq > since && !onScreen.has(e.id)) added.add(e.id);
      } else if (asked > 0 && e.at > asked) {
        const shown = e.id !== undefined && onScreen.has(e.id);
        if (e.at > answered ? e.op === 'bulk' || shown : shown && onScreen.get(e.id!) !== (e.status ?? null)) touched = true;
      }
    }
    return { fresh: added.size, changed: touched };
    // live.seq: a new event arrived
  }, [since, asked, answered, onScreen, live.seq]);

  if (live.status === 'off' || (!fresh && !changed)) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={{ marginBottom: 12 }}
      message={
        <span>
          {fresh ? t('live.newOrders', { count: fresh }) : t('live.changed')}
          {' — '}
          <Button
            size="small"
            type="link"
            style={{ padding: 0, height: 'auto' }}
            onClick={() => {
              setSince(live.seq);
              (show as () => void)();
            }}
          >
            {t('live.show')}
          </Button>
        </span>
      }
    />
  );
}
