/**
 * Today's key figures against yesterday, for users who may read the dashboard: one call of the
 * dashboard's own API for today (a one-day period, so its "previous period" is yesterday).
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { formatMoney, useRuntime } from '../../engine';
import { useT } from '../../renderer';
import type { DashboardSummary } from '../../generated/types';

const FIGURES: { key: keyof DashboardSummary; title: string; money: boolean }[] = [
  { key: 'orders', title: 'workbench.figure.orders', money: false },
  { key: 'gmv', title: 'workbench.figure.gmv', money: true },
  { key: 'settled', title: 'workbench.figure.settled', money: true },
  { key: 'refunded', title: 'workbench.figure.refunded', money: true },
];

function ChangeLine({ change }: { change: number | null }) {
  const t = useT();
  const { locale } = useRuntime();
  if (change === null)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('workbench.vsYesterday')} -
      </Typography.Text>
    );
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(Math.abs(change));
  const up = change >= 0;
  return (
    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
      {t('workbench.vsYesterday')}{' '}
      <span style={{ color: up ? '#cf1322' : '#3f8600' }}>
        {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {pct}
      </span>
    </Typography.Text>
  );
}

export function TodayFigures({ summary }: { summary: DashboardSummary }) {
  const t = useT();
  const { locale } = useRuntime();
  return (
    <Row gutter={[16, 16]}>
      {FIGURES.map((f) => {
        const c = summary[f.key];
        return (
          <Col key={f.key} xs={12} xl={6}>
            <Card size="small" data-testid={`figure-${f.key}`}>
              <Statistic title={t(f.title)} value={f.money ? formatMoney(c.value, locale) : Number(c.value)} />
              <ChangeLine change={c.change} />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
