/**
 * The performance dashboard (resource "dashboard", kind custom): filters, summary cards with
 * period-over-period change, the trend, status and platform distributions, and the top stores —
 * all from one call of GET /analytics/performance. Loaded lazily with its route (ECharts inside).
 */
import { Alert, Button, Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatDate, useRuntime } from '../../engine';
import { useT, type ScreenProps } from '../../renderer';
import { Chart } from './Chart';
import { platformOption, statusOption, trendOption } from './chart-options';
import { businessToday, defaultFilters, FilterBar } from './FilterBar';
import { StatCards } from './StatCards';
import { TopStores } from './TopStores';
import { dashboardPerformance } from '../../generated/services';
import type { DashboardPerformance, DashboardPerformanceInput } from '../../generated/types';
import type { Filters } from './FilterBar';

export default function DashboardScreen({ resource }: ScreenProps) {
  const t = useT();
  const { call, locale, app } = useRuntime();
  const [filters, setFilters] = useState<Filters>(() => defaultFilters(businessToday(app.timeZone)));
  const [data, setData] = useState<DashboardPerformance | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    const input: DashboardPerformanceInput = { dateFrom: filters.dateFrom, dateTo: filters.dateTo, granularity: filters.granularity };
    if (filters.merchantId) input.merchantId = filters.merchantId;
    if (filters.storeId) input.storeId = filters.storeId;
    dashboardPerformance(call, input)
      .then((d) => {
        if (mine === seq.current) {
          setData(d);
          setError(null);
        }
      })
      .catch((e: Error) => {
        if (mine === seq.current) setError(e.message);
      })
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, [call, filters, reload]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const platformLabel = useCallback(
    (p: string) => {
      const def = app.enums?.platform?.values.find((v) => String(v.value) === p);
      return def ? t(def.label) : p;
    },
    [app, t],
  );
  const statusLabel = useCallback((s: string) => t(`enum.orderStatus.${s}`), [t]);

  const trend = useMemo(() => (data ? trendOption(data, t, locale) : null), [data, t, locale]);
  const status = useMemo(() => (data ? statusOption(data, t, locale, statusLabel) : null), [data, t, locale, statusLabel]);
  const platform = useMemo(() => (data ? platformOption(data, t, locale, platformLabel) : null), [data, t, locale, platformLabel]);
  const empty = !!data && data.summary.orders.value === 0;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" styles={{ body: { padding: '12px 16px' } }}>
        <FilterBar resource={resource} value={filters} onChange={setFilters} onRefresh={refresh} loading={loading} />
        {data && (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
            {t('dashboard.periodNote', {
              from: formatDate(data.range.dateFrom, locale),
              to: formatDate(data.range.dateTo, locale),
              days: data.range.days,
              prevFrom: formatDate(data.range.previousFrom, locale),
              prevTo: formatDate(data.range.previousTo, locale),
            })}
          </Typography.Text>
        )}
      </Card>
      {error && (
        <Alert
          type="error"
          showIcon
          message={t('dashboard.loadFailed')}
          description={error}
          action={
            <Button size="small" onClick={refresh}>
              {t('dashboard.retry')}
            </Button>
          }
        />
      )}
      <StatCards data={data} loading={loading} />
      <Card title={t('dashboard.trend.title')} size="small" loading={!data && loading}>
        {trend && !empty ? <Chart option={trend} height={320} label={t('dashboard.trend.title')} /> : <Empty description={t('dashboard.empty')} />}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.byStatus.title')} size="small" loading={!data && loading}>
            {status && !empty ? <Chart option={status} height={280} label={t('dashboard.byStatus.title')} /> : <Empty description={t('dashboard.empty')} />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.byPlatform.title')} size="small" loading={!data && loading}>
            {platform && !empty ? (
              <Chart option={platform} height={280} label={t('dashboard.byPlatform.title')} />
            ) : (
              <Empty description={t('dashboard.empty')} />
            )}
          </Card>
        </Col>
      </Row>
      <Card title={t('dashboard.topStores.title')} size="small">
        <TopStores rows={data?.topStores ?? []} loading={loading && !data} />
      </Card>
    </Space>
  );
}
