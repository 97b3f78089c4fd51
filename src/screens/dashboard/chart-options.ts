/**
 * ECharts options of the dashboard, built from the API data: pure functions (tested without a
 * canvas). Money becomes a number only for drawing; labels and tooltips are formatted by locale.
 */
import { formatMoney } from '../../engine';
import type { Translate } from '../../engine';
import { bucketLabel, formatCount, formatPercent } from './format';
import type { DashboardPerformance } from '../../generated/types';

const COLORS = ['#1677ff', '#13c2c2', '#faad14', '#52c41a', '#722ed1', '#eb2f96', '#fa541c', '#2f54eb', '#a0d911'];

const money = (v: unknown, locale: string) => formatMoney(Number(v).toFixed(2), locale);

export function trendOption(data: DashboardPerformance, t: Translate, locale: string) {
  const g = data.range.granularity;
  const names = { orders: t('dashboard.trend.orders'), gmv: t('dashboard.trend.gmv'), refunded: t('dashboard.trend.refunded') };
  return {
    color: ['#1677ff', '#ff4d4f', '#fa8c16'],
    grid: { left: 16, right: 16, top: 48, bottom: 8, containLabel: true },
    legend: { top: 0, data: [names.gmv, names.refunded, names.orders] },
    tooltip: {
      trigger: 'axis',
      // series 0/1 are money, 2 is a count
      formatter: (items: { seriesIndex: number; seriesName: string; value: number; marker: string; axisValueLabel: string }[]) =>
        [
          items[0]?.axisValueLabel ?? '',
          ...items.map((i) => `${i.marker}${i.seriesName}: ${i.seriesIndex === 2 ? formatCount(i.value, locale) : money(i.value, locale)}`),
        ].join('<br/>'),
    },
    xAxis: { type: 'category', boundaryGap: false, data: data.trend.map((b) => bucketLabel(b.bucket, g, locale)) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (v: number) => compactMoney(v, locale) } },
      { type: 'value', splitLine: { show: false }, minInterval: 1, axisLabel: { formatter: (v: number) => formatCount(v, locale) } },
    ],
    series: [
      { name: names.gmv, type: 'line', smooth: true, showSymbol: false, areaStyle: { opacity: 0.08 }, data: data.trend.map((b) => Number(b.gmv)) },
      { name: names.refunded, type: 'line', smooth: true, showSymbol: false, data: data.trend.map((b) => Number(b.refunded)) },
      {
        name: names.orders,
        type: 'line',
        smooth: true,
        showSymbol: false,
        yAxisIndex: 1,
        lineStyle: { type: 'dashed' },
        data: data.trend.map((b) => b.orders),
      },
    ],
  };
}

/** Axis labels: ¥12.3万 (zh-CN) / ¥123K (en-US) via Intl compact notation. */
export function compactMoney(v: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(v);
}

/** below this chart width the status legend no longer fits beside the ring and the platform axis's ticks run together (a phone's card; ≥ 560 px at 1280 px) */
export const NARROW_CHART = 480;

export function statusOption(data: DashboardPerformance, t: Translate, locale: string, label: (status: string) => string) {
  return {
    color: COLORS,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}<br/>${formatCount(p.value, locale)} (${formatPercent(p.percent / 100, locale)})`,
    },
    legend: { orient: 'vertical', right: 8, top: 'middle' },
    series: [
      {
        name: t('dashboard.byStatus.title'),
        type: 'pie',
        radius: ['45%', '72%'],
        center: ['38%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: data.byStatus.map((s) => ({ name: label(s.status), value: s.orders })),
      },
    ],
    // a chart narrower than NARROW_CHART (a phone): the legend beside the ring ran over it, so the
    // legend goes under the ring, which is centred above it (ECharts applies it from the chart's own
    // width, again as it resizes)
    media: [
      {
        query: { maxWidth: NARROW_CHART },
        option: {
          legend: { orient: 'horizontal', left: 'center', right: 'auto', top: 'auto', bottom: 0 },
          series: [{ center: ['50%', '40%'], radius: ['36%', '58%'] }],
        },
      },
    ],
  };
}

export function platformOption(data: DashboardPerformance, t: Translate, locale: string, label: (platform: string) => string) {
  const rows = [...data.byPlatform].reverse(); // largest on top of a horizontal bar chart
  return {
    color: ['#1677ff'],
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => formatCount(v, locale) },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => formatCount(v, locale) } },
    yAxis: { type: 'category', data: rows.map((p) => label(p.platform)) },
    series: [
      {
        name: t('dashboard.trend.orders'),
        type: 'bar',
        barMaxWidth: 22,
        label: { show: true, position: 'right', formatter: (p: { value: number }) => formatCount(p.value, locale) },
        data: rows.map((p) => p.orders),
      },
    ],
    // a narrow chart (a phone): fewer value ticks; ECharts' default seven ran together ("120150180")
    media: [{ query: { maxWidth: NARROW_CHART }, option: { xAxis: { splitNumber: 3 } } }],
  };
}
