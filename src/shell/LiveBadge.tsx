/**
 * The header's live-update badge: a bell with the count of new pending orders in the user's scope,
 * pushed by the server (live-updates.ts). It owns the stream: opened once the signed-in user is known
 * (after the first paint), closed on sign-out. A click marks the orders seen and opens their list.
 * The bell keeps its place, greyed, while live updates are off or not connected yet.
 */
import { useEffect } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { callApi } from './request/client';
import { useSession } from './session/session-store';
import { startLive, stopLive, useLive } from './live-updates';
import { whenIdle } from '../engine/idle';
import { useRouterNavigate } from './router/use-router-navigate';

const SEEN = { method: 'POST', path: '/live/seen', result: 'ok' } as const;

export function LiveBadge() {
  const { user } = useSession();
  const live = useLive();
  const navigate = useRouterNavigate();
  const intl = useIntl();
  const userId = user ? String(user.id) : null;

  useEffect(() => {
    if (!userId) return;
    // after the first paint: the stream never competes with the screen's own first requests
    const cancel = whenIdle(() => startLive(), 1000);
    return () => {
      cancel();
      stopLive();
    };
  }, [userId]);

  if (!userId) return null;
  // The bell keeps its place while connecting and when off (the header's menu never re-flows when the
  // stream opens); the count, and the data-live-count the tests wait for, only while events flow.
  const connected = live.status === 'open' || live.status === 'retrying';
  const title = intl.formatMessage({ id: connected ? 'live.badgeTitle' : live.status === 'off' ? 'live.badgeOff' : 'live.badge' }, { count: live.count });
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        size="small"
        aria-label={title}
        data-live-count={connected ? live.count : undefined}
        disabled={!connected}
        onClick={() => {
          void callApi(SEEN).catch(() => undefined);
          if (live.href) navigate(live.href);
        }}
      >
        <Badge count={connected ? live.count : 0} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
