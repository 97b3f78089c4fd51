/**
 * Today's key figures against yesterday, for users who may read the dashboard: one call of the
 * dashboard's own API for today (a one-day period, so its "previous period" is yesterday), each change
 * shown and coloured as the dashboard's cards show theirs (ChangeArrow: more refunds is bad).
 */
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { formatMoney, useRuntime } from '../../engine';
import { useT } from '../../renderer';
import type { DashboardSummary } from '../../generated/types';
import { ChangeArrow } from '../dashboard/ChangeArrow';
import { formatChange } from '../dashboard/format';

const FIGURES: { key: keyof DashboardSummary; title: string; money: boolean; higherIsBetter: boolean }[] = [
  { key: 'orders', title: 'workbench.figure.orders', money: false, higherIsBetter: true },
  { key: 'gmv', title: 'workbench.figure.gmv', money: true, higherIsBetter: true },
  { key: 'settled', title: 'workbench.figure.settled', money: true, higherIsBetter: true },
  { key: 'refunded', title: 'workbench.figure.refunded', money: true, higherIsBetter: false },
];

function ChangeLine({ change, higherIsBetter }: { change: number | null; higherIsBetter: boolean }) {
  const t = useT();
  const { locale } = useRuntime();
  if (change === null)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('workbench.vsYesterday')} -
      </Typography.Text>
    );
  return (
    // the change under its label when they do not fit side by side (a phone; a long percentage), its
    // arrow and number kept together: one line of them ran past the card's edge
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('workbench.vsYesterday')} <ChangeArrow change={change} size={formatChange(change, locale)} higherIsBetter={higherIsBetter} />
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
          // one figure a row on a phone, as the dashboard's cards: half a phone's card left a sum of
          // money and its change line past the card's edge
          <Col key={f.key} xs={24} sm={12} xl={6}>
            <Card size="small" data-testid={`figure-${f.key}`}>
              <Statistic title={t(f.title)} value={f.money ? formatMoney(c.value, locale) : Number(c.value)} />
              <ChangeLine change={c.change} higherIsBetter={f.higherIsBetter} />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
