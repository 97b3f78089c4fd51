/**
 * The workbench on the home page (/index), the console's "home" slot: the user's to-dos with counts,
 * today's key figures against yesterday (for users who may read the dashboard), and the user's own
 * recent actions. It refreshes every minute and when the window regains focus, without a reload.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, List, Row, Space, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useCallback } from 'react';
import { formatDateTime, useRuntime } from '../../engine';
import { useT } from '../../renderer';
import { allowsRoles, type Resource } from '../../schema';
import { todayIn } from '../../schema/time-zone';
import dashboardSchema from '../../../schemas/dashboard.json';
import { dashboardPerformance, workbenchRecent, workbenchTodos } from '../../generated/services';
import { TodayFigures } from './TodayFigures';
import { TodoCards } from './WorkItemCards';
import './workbench.css';

const dashboard = dashboardSchema as unknown as Resource;
const REFRESH_MS = 60_000;

export default function Workbench() {
  const t = useT();
  const { call, user, locale, app } = useRuntime();
  const mayReadFigures = !!user && allowsRoles(dashboard.api!.performance.roles, user.roles);

  const load = useCallback(async () => {
    // today where the business runs (schemas/app.json timeZone), whatever the browser's time zone
    const today = todayIn(app.timeZone);
    const [todos, recent, figures] = await Promise.all([
      workbenchTodos(call),
      workbenchRecent(call),
      mayReadFigures ? dashboardPerformance(call, { dateFrom: today, dateTo: today, granularity: 'day' }) : Promise.resolve(null),
    ]);
    return { todos, recent, summary: figures?.summary ?? null, at: new Date() };
  }, [call, mayReadFigures, app.timeZone]);
  const { data, error, loading, refresh } = useRequest(load, { pollingInterval: REFRESH_MS, refreshOnWindowFocus: true, refreshDeps: [locale] });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="workbench">
      {error ? <Alert type="error" showIcon message={t('workbench.loadFailed', { reason: error.message })} /> : null}
      <Card
        className="workbench-todos"
        title={t('workbench.todos')}
        extra={
          <Space>
            {data ? (
              <Typography.Text type="secondary">{t('workbench.updatedAt', { time: formatDateTime(data.at.toISOString(), locale) })}</Typography.Text>
            ) : null}
            <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={refresh} aria-label={t('workbench.refresh')} />
          </Space>
        }
        loading={!data && !error}
      >
        {data ? <TodoCards cards={data.todos} /> : null}
      </Card>
      <Row gutter={[16, 16]}>
        {data?.summary ? (
          <Col xs={24} xl={14}>
            <Card title={t('workbench.today')}>
              <TodayFigures summary={data.summary} />
            </Card>
          </Col>
        ) : null}
        <Col xs={24} xl={data?.summary ? 10 : 24}>
          <Card title={t('workbench.recent')} loading={!data && !error}>
            <List
              size="small"
              dataSource={data?.recent ?? []}
              locale={{ emptyText: t('workbench.noRecent') }}
              renderItem={(r) => (
                <List.Item key={r.id} data-testid="recent-action">
                  <Space size={8} wrap>
                    <Typography.Text type="secondary">{formatDateTime(r.at, locale)}</Typography.Text>
                    <Typography.Text>{r.resource}</Typography.Text>
                    <Typography.Text strong>{r.action}</Typography.Text>
                    {r.recordId ? (
                      <Typography.Text type="secondary" copyable>
                        {r.recordId}
                      </Typography.Text>
                    ) : null}
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
