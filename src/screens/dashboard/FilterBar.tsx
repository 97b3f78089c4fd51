/**
 * The dashboard's filters: date range with quick ranges (at most 366 days), merchant, store (limited
 * to the merchant chosen) and granularity. Merchant and store options come from the fields of
 * schemas/dashboard.json (a ref to /merchant/list and the store dictionary) through the engine.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Segmented, Select, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { dateFormats, useOptions, useRuntime } from '../../engine';
import { useT } from '../../renderer';
import type { AnyField, Resource } from '../../schema';
import { todayIn } from '../../schema/time-zone';
import type { DashboardPerformanceInput } from '../../generated/types';

/** The filters as the screen holds them: the range and granularity always set. */
export type Filters = Required<Pick<DashboardPerformanceInput, 'dateFrom' | 'dateTo' | 'granularity'>> &
  Pick<DashboardPerformanceInput, 'merchantId' | 'storeId'>;

export const MAX_DAYS = 366;
const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * Today as a calendar day in the business time zone (schemas/app.json `timeZone`), as the server
 * counts days, whatever zone the browser is in; a plain dayjs date (no zone) for the picker.
 */
export function businessToday(timeZone: string, now = new Date()): Dayjs {
  return dayjs(todayIn(timeZone, now));
}

/** The default range: the last 30 days up to today (in the business time zone). */
export function defaultFilters(today: Dayjs): Filters {
  return { dateFrom: today.subtract(29, 'day').format(DAY_FORMAT), dateTo: today.format(DAY_FORMAT), granularity: 'day' };
}

function presets(t: (k: string) => string, today: Dayjs): { label: string; value: [Dayjs, Dayjs] }[] {
  return [
    { label: t('dashboard.quick.today'), value: [today, today] },
    { label: t('dashboard.quick.last7'), value: [today.subtract(6, 'day'), today] },
    { label: t('dashboard.quick.last30'), value: [today.subtract(29, 'day'), today] },
    { label: t('dashboard.quick.last90'), value: [today.subtract(89, 'day'), today] },
    { label: t('dashboard.quick.thisMonth'), value: [today.startOf('month'), today] },
    { label: t('dashboard.quick.lastMonth'), value: [today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')] },
    { label: t('dashboard.quick.thisYear'), value: [today.startOf('year'), today] },
  ];
}

/** A searchable select of a ref/dict field; empty means "all". */
function OptionFilter({
  field,
  value,
  onChange,
  placeholder,
  depends,
}: {
  field: AnyField;
  value?: string;
  onChange: (v?: string) => void;
  placeholder: string;
  depends?: Record<string, unknown>;
}) {
  const { options, loading, search } = useOptions(field, depends);
  return (
    <Select
      style={{ width: 220 }}
      aria-label={placeholder}
      value={value}
      allowClear
      showSearch
      filterOption={false}
      loading={loading}
      placeholder={placeholder}
      onSearch={search}
      onClear={() => search('')}
      options={options.map((o) => ({ value: String(o.value), label: o.label }))}
      onChange={(v?: string) => onChange(v || undefined)}
    />
  );
}

export interface FilterBarProps {
  resource: Resource;
  value: Filters;
  onChange: (next: Filters) => void;
  onRefresh: () => void;
  loading: boolean;
}

export function FilterBar({ resource, value, onChange, onRefresh, loading }: FilterBarProps) {
  const t = useT();
  const { locale, app } = useRuntime();
  const today = businessToday(app.timeZone);
  const fields = resource.fields!;
  const granularities = (['day', 'week', 'month'] as const).map((g) => ({ value: g, label: t(`enum.granularity.${g}`) }));
  return (
    <Flex wrap gap={12} align="center">
      <DatePicker.RangePicker
        aria-label={t('dashboard.range')}
        allowClear={false}
        format={dateFormats(locale).date}
        value={[dayjs(value.dateFrom), dayjs(value.dateTo)]}
        presets={presets(t, today)}
        disabledDate={(d, info) => d.isAfter(today, 'day') || (!!info?.from && Math.abs(d.diff(info.from, 'day')) >= MAX_DAYS)}
        onChange={(r) => r?.[0] && r[1] && onChange({ ...value, dateFrom: r[0].format(DAY_FORMAT), dateTo: r[1].format(DAY_FORMAT) })}
      />
      <OptionFilter
        field={fields.merchantId}
        value={value.merchantId}
        placeholder={t('dashboard.allMerchants')}
        onChange={(merchantId) => onChange({ ...value, merchantId, storeId: undefined })}
      />
      <OptionFilter
        field={fields.storeId}
        value={value.storeId}
        placeholder={t('dashboard.allStores')}
        depends={value.merchantId ? { merchantId: value.merchantId } : undefined}
        onChange={(storeId) => onChange({ ...value, storeId })}
      />
      <Segmented options={granularities} value={value.granularity} onChange={(g) => onChange({ ...value, granularity: g as Filters['granularity'] })} />
      <Tooltip title={t('dashboard.refresh')}>
        <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={loading} aria-label={t('dashboard.refresh')} />
      </Tooltip>
    </Flex>
  );
}
