/**
 * The summary cards: each metric's value for the range and its change against the previous period
 * of the same length (percent for counts and money, percentage points for rates), coloured by
 * whether the move is good for the business (more refunds is bad).
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import { Card, Col, Row, Space, Statistic, Tooltip, Typography } from 'antd';
import { formatMoney, useRuntime } from '../../engine';
import { useT } from '../../renderer';
import { formatChange, formatCount, formatPercent, formatPoints } from './format';
import { ChangeArrow } from './ChangeArrow';
import type { DashboardPerformance, DashboardSummary } from '../../generated/types';

type Key = keyof DashboardSummary;
type Metric = DashboardSummary[Key];
type Kind = 'count' | 'money' | 'rate';

const METRICS: { key: Key; kind: Kind; higherIsBetter: boolean }[] = [
  { key: 'orders', kind: 'count', higherIsBetter: true },
  { key: 'gmv', kind: 'money', higherIsBetter: true },
  { key: 'net', kind: 'money', higherIsBetter: true },
  { key: 'refunded', kind: 'money', higherIsBetter: false },
  { key: 'settled', kind: 'money', higherIsBetter: true },
  { key: 'pendingSettlement', kind: 'money', higherIsBetter: false },
  { key: 'avgTicket', kind: 'money', higherIsBetter: true },
  { key: 'assignmentRate', kind: 'rate', higherIsBetter: true },
  { key: 'completionRate', kind: 'rate', higherIsBetter: true },
];

function ChangeLine({ kind, metric, higherIsBetter }: { kind: Kind; metric: Metric; higherIsBetter: boolean }) {
  const t = useT();
  const { locale } = useRuntime();
  const fmt = (v: number | string) =>
    kind === 'money' ? formatMoney(v, locale) : kind === 'rate' ? formatPercent(Number(v), locale) : formatCount(Number(v), locale);
  const previous = t('dashboard.previousValue', { value: fmt(metric.previous) });
  if (metric.change === null) {
    return (
      <Tooltip title={previous}>
        <Typography.Text type="secondary">{t('dashboard.noPrevious')}</Typography.Text>
      </Tooltip>
    );
  }
  const c = metric.change;
  const size = kind === 'rate' ? t('dashboard.points', { value: formatPoints(c, locale) }) : formatChange(c, locale);
  return (
    <Tooltip title={previous}>
      <Space size={4}>
        <Typography.Text type="secondary">{t('dashboard.vsPrevious')}</Typography.Text>
        <ChangeArrow change={c} size={size} higherIsBetter={higherIsBetter} />
      </Space>
    </Tooltip>
  );
}

export function StatCards({ data, loading }: { data: DashboardPerformance | null; loading: boolean }) {
  const t = useT();
  const { locale } = useRuntime();
  return (
    <Row gutter={[16, 16]}>
      {METRICS.map(({ key, kind, higherIsBetter }, i) => {
        const metric: Metric | undefined = data?.summary[key];
        const text = !metric
          ? ''
          : kind === 'money'
            ? formatMoney(metric.value, locale)
            : kind === 'rate'
              ? formatPercent(Number(metric.value), locale)
              : formatCount(Number(metric.value), locale);
        return (
          // first row: 4 headline metrics; second row: 5 operating metrics
          <Col key={key} xs={24} sm={12} lg={i < 4 ? 6 : undefined} flex={i < 4 ? undefined : '1 1 180px'}>
            <Card loading={loading && !data} size="small" styles={{ body: { padding: '16px 20px' } }}>
              <Statistic
                title={
                  <Space size={4}>
                    {t(`dashboard.metric.${key}`)}
                    <Tooltip title={t(`dashboard.metric.${key}Hint`)}>
                      <InfoCircleOutlined />
                    </Tooltip>
                  </Space>
                }
                value={text}
                formatter={() => <span data-testid={`metric-${key}`}>{text}</span>}
                valueStyle={{ fontSize: i < 4 ? 28 : 22, fontWeight: 600 }}
              />
              <div style={{ marginTop: 8, minHeight: 22 }}>{metric && <ChangeLine kind={kind} metric={metric} higherIsBetter={higherIsBetter} />}</div>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
