/**
 * A figure's change against an earlier period (the dashboard's previous period, the workbench's
 * yesterday): its arrow and size, coloured by whether the move is good for the business — green for
 * more orders or fewer refunds, red for the opposite — and neither for no change. One rule for every
 * such figure in the console, so the same move never reads good on one page and bad on another.
 *
 * @example
 * <ChangeArrow change={-0.054} size="5.4%" higherIsBetter={false} /> // ↓ 5.4% in green
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';

const GOOD = '#3f8600';
const BAD = '#cf1322';

export function ChangeArrow({ change, size, higherIsBetter }: { change: number; size: string; higherIsBetter: boolean }) {
  const color = change === 0 ? undefined : change > 0 === higherIsBetter ? GOOD : BAD;
  return (
    // the arrow and its number kept together: split over two lines they read as two figures
    <span style={{ color, whiteSpace: 'nowrap' }} data-testid="change">
      {change > 0 ? <ArrowUpOutlined /> : change < 0 ? <ArrowDownOutlined /> : null} {size}
    </span>
  );
}
