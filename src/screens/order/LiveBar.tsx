/**
 * The order list's live bar (schemas/order.json list "banner"): "3 new orders — show" once orders
 * reach the user's scope after the list was shown, or "Orders have changed — show" when rows on
 * screen changed. The user's page, filters and rows stay as they are until "show": then the list
 * goes to page 1 and is fetched again with the same filters, and the bar counts afresh.
 */
import { Alert, Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { SlotProps } from '../../renderer/slots';
import { useT } from '../../renderer';
import { liveEventsSince, useLive } from '../../shell/live-updates';

export default function LiveBar({ rows, show }: SlotProps) {
  const t = useT();
  const live = useLive();
  const [since, setSince] = useState(() => live.seq);
  const onScreen = useRef(new Set<string>());
  onScreen.current = new Set(((rows as Record<string, unknown>[] | undefined) ?? []).map((r) => String(r.id)));

  const { fresh, changed } = useMemo(() => {
    const added = new Set<string>();
    let touched = false;
    for (const e of liveEventsSince(since)) {
      if ((e.op === 'insert' || e.op === 'enter') && e.id) added.add(e.id);
      else if (e.op === 'bulk' || (e.id && onScreen.current.has(e.id))) touched = true;
    }
    return { fresh: added.size, changed: touched };
    // live.seq: a new event arrived
  }, [since, live.seq]);

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
