/**
 * A detail's field sections as the plain elements antd's `Descriptions` draws (horizontal, not
 * bordered: how every detail section is drawn), with Descriptions' styles registered once per detail
 * view (`useDescriptionsClasses`), not per section.
 *
 * antd's Descriptions is a component per section, row and cell (an order's detail: 5 + 17 + 32), and
 * each section subscribes to the screen's breakpoints as it mounts, which calls back at once and draws
 * the section with all its rows and cells again before the first paint (render log of an order's
 * open: 82 components drawn twice). Here a section is one call, its rows laid out as antd's `useRow`
 * lays them (spans filled to the row's end). lean-descriptions.test compares the markup with antd's.
 *
 * @example
 * const cls = useDescriptionsClasses();
 * leanDescriptions(cls, { title: '基本信息', column: 2, items: [{ key: 'a', label: '订单编号', children: 'SO1', span: 1 }] })
 */
import classNames from 'classnames';
import useStyle from 'antd/es/descriptions/style';
import type { CSSProperties, ReactNode } from 'react';
import { useComponentClasses, type ComponentClasses } from '../fields/component-classes';

export type DescriptionsClasses = ComponentClasses;

/** Registers Descriptions' styles with the theme (once, for every section drawn below) and returns its classes. */
export const useDescriptionsClasses = (): DescriptionsClasses => useComponentClasses('descriptions', useStyle);

export interface LeanItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
  span: number;
}

/** The items in rows of `column` spans: a row's last item spans to its end (antd's useRow). */
export function rowsOf(items: LeanItem[], column: number): LeanItem[][] {
  const rows: LeanItem[][] = [];
  let row: LeanItem[] = [];
  let count = 0;
  for (const item of items) {
    const rest = column - count;
    count += item.span;
    if (count >= column) {
      row.push(count > column ? { ...item, span: rest } : item);
      rows.push(row);
      row = [];
      count = 0;
    } else row.push(item);
  }
  if (row.length) rows.push(row);
  return rows.map((r) => {
    const sum = r.reduce((s, i) => s + i.span, 0);
    if (sum >= column) return r;
    const last = r[r.length - 1]!;
    return [...r.slice(0, -1), { ...last, span: column - (sum - last.span) }];
  });
}

/** One section: what `<Descriptions className title column style contentStyle items />` draws. */
export function leanDescriptions(
  cls: DescriptionsClasses,
  {
    key,
    className,
    title,
    column,
    style,
    contentStyle,
    items,
  }: { key?: string; className?: string; title?: ReactNode; column: number; style?: CSSProperties; contentStyle?: CSSProperties; items: LeanItem[] },
): ReactNode {
  const p = cls.prefixCls;
  return (
    <div key={key} className={classNames(p, cls.className, cls.rtl && `${p}-rtl`, className, cls.hashId, cls.cssVarCls)} style={{ ...cls.style, ...style }}>
      {title && (
        <div className={`${p}-header`}>
          <div className={`${p}-title`}>{title}</div>
        </div>
      )}
      <div className={`${p}-view`}>
        <table>
          <tbody>
            {rowsOf(items, column).map((row, i) => (
              <tr key={i} className={`${p}-row`}>
                {row.map((item) => (
                  <td key={`item-${item.key}`} colSpan={item.span} className={`${p}-item`}>
                    <div className={`${p}-item-container`}>
                      {item.label != null && <span className={`${p}-item-label`}>{item.label}</span>}
                      {item.children != null && (
                        <span style={contentStyle} className={`${p}-item-content`}>
                          {item.children}
                        </span>
                      )}
                    </div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
