/**
 * The prepaint's page as HTML text: the console frame (top bar with the user's menu, locale and name)
 * around a list screen (collapsed search form, tabs with counts, toolbar, table, total), laid out like
 * the live ProLayout + ProTable page (prepaint.css copies its measures) so the hand-over does not move
 * anything. Nothing in it is interactive; the live page replaces it as soon as its first page shows.
 */
import type { ScreenRoute } from '../../schema';
import { normalizeColumns, fieldOf, hiddenByDefault, listTabs } from '../../engine/resource-helpers';
import { searchFormFields, type ListState } from '../../engine/search-params';
import { optionsReadable } from '../../engine/options';
import { optionReaders } from '../../generated/option-access';
import { actionGate, operationColumnWidth, splitRowActions } from '../../engine/action-gate';
import { listColumnWidths, textMeasure } from '../../engine/column-width';
import { allowsRoles } from '../../schema/derive';
import type { StoredColumnSettings } from '../../engine/column-settings-storage';
import { cellHtml, esc, type CellContext } from './cells';
import { iconHtml } from './icons';

export interface FrameInput extends CellContext {
  appTitle: string;
  path: string;
  menu: Pick<ScreenRoute, 'path' | 'title' | 'icon'>[];
  localeLabel: string;
  user: { id: string; nickname: string; roles: string[] };
  state: ListState;
  rows: Record<string, unknown>[];
  total: number;
  totalExact: boolean;
  counts?: Record<string, number>;
  /** toolbar switches' current values by binding name (e.g. config → { autoAssign: true }) */
  switches: Record<string, Record<string, unknown> | undefined>;
  /** column settings the user saved for this list (ProTable's columnsState), if any */
  saved?: StoredColumnSettings;
  /** width of the page's content area, for the search form's columns */
  width: number;
}

/** antd's buttons space out a label of exactly two Chinese characters ("重置" → "重 置"). */
export function buttonText(text: string): string {
  return /^[\u4e00-\u9fa5]{2}$/.test(text) ? `${text[0]} ${text[1]}` : text;
}

/** ProTable's query filter: how many columns the collapsed search form has at a width (its breakpoints). */
export function searchColumns(width: number): number {
  if (width < 513) return 1;
  if (width < 701) return 2;
  if (width < 1352) return 3;
  return 4;
}

function header(f: FrameInput): string {
  const items = [{ path: '/index', title: 'menu.index', icon: 'HomeOutlined' }, ...f.menu]
    .map((m) => `<span class="pp-menu-item${m.path === f.path ? ' pp-active' : ''}">${iconHtml(m.icon)}${esc(f.t(m.title))}</span>`)
    .join('');
  return (
    `<header class="pp-header"><div class="pp-logo"><h1>${esc(f.appTitle)}</h1></div><nav class="pp-menu">${items}</nav>` +
    `<div class="pp-actions"><span class="pp-action">${iconHtml('TranslationOutlined')}${esc(f.localeLabel)}</span>` +
    `<span class="pp-action">${iconHtml('UserOutlined', 'pp-avatar')}${esc(f.user.nickname)}</span></div></header>`
  );
}

function searchForm(f: FrameInput): string {
  const names = searchFormFields(f.resource, optionsReadable(f.app, optionReaders, f.user.roles));
  if (!names.length) return '';
  const cols = searchColumns(f.width);
  const shown = names.slice(0, Math.max(cols - 1, 0) || 1);
  const items = shown.map((name) => {
    const field = fieldOf(f.resource, name);
    const title = field.title ? f.t(field.title) : '';
    const select = field.type === 'enum' || field.type === 'dict' || field.type === 'ref' || field.type === 'boolean' || field.type === 'region';
    const ph =
      field.type === 'datetime' || field.type === 'date' || field.search === 'range'
        ? ''
        : f.t(select ? 'renderer.placeholder.select' : 'renderer.placeholder.input', { field: title });
    const arrow = select ? iconHtml('DownOutlined', 'pp-arrow') : '';
    return `<div class="pp-field"><label>${esc(title)}</label><span class="pp-input">${esc(ph)}${arrow}</span></div>`;
  });
  const more = names.length > shown.length ? `<span class="pp-link">${esc(f.t('renderer.expand'))}</span>` : '';
  const buttons =
    `<div class="pp-field pp-buttons" style="grid-column:${cols}"><span class="pp-btn">${esc(buttonText(f.t('renderer.reset')))}</span>` +
    `<span class="pp-btn pp-primary">${esc(buttonText(f.t('renderer.search')))}</span>${more}</div>`;
  return `<section class="pp-card pp-search" style="grid-template-columns:repeat(${cols},1fr)">${items.join('')}${buttons}</section>`;
}

function tabs(f: FrameInput): string {
  const { items, active } = listTabs(f.app, f.resource, f.t, f.state.tab, f.counts);
  return `<div class="pp-toolbar-left">${items.length ? `<div class="pp-tabs">${items.map((i) => `<span class="pp-tab${i.key === active ? ' pp-active' : ''}">${esc(i.label)}</span>`).join('')}</div>` : ''}</div>`;
}

function toolbar(f: FrameInput): string {
  const gate = actionGate(f.resource, f.user);
  const roles = f.user.roles;
  const out = (f.resource.list?.toolbar ?? []).map((item) => {
    if ('action' in item) {
      if (!gate.allowed(item.action)) return '';
      const a = gate.action(item.action);
      const icon = a.icon ?? (a.primary ? 'PlusOutlined' : undefined);
      const title = f.t(a.title);
      return `<span class="pp-btn${a.primary ? ' pp-primary' : ''}${a.danger ? ' pp-danger' : ''}">${icon ? iconHtml(icon) : ''}${esc(icon ? title : buttonText(title))}</span>`;
    }
    if ('switch' in item) {
      const get = f.resource.api?.[item.get];
      if (!allowsRoles(item.roles, roles) || !get || !allowsRoles(get.roles, roles)) return '';
      const on = f.switches[item.get]?.[item.switch] === true;
      return `<span class="pp-switch-item">${esc(f.t(item.title))}<span class="pp-switch${on ? ' pp-on' : ''}"></span></span>`;
    }
    const binding = f.resource.api?.[item.export];
    if (!allowsRoles(item.roles, roles) || !binding || !allowsRoles(binding.roles, roles)) return '';
    return `<span class="pp-btn">${iconHtml('DownloadOutlined')}${esc(item.title ? f.t(item.title) : '')}</span>`;
  });
  const options = ['ReloadOutlined', 'ColumnHeightOutlined', 'SettingOutlined'].map((n) => iconHtml(n, 'pp-option')).join('');
  // two groups that wrap onto two lines when the tabs leave too little room, as ProTable's toolbar does
  return `<div class="pp-tools"><div class="pp-tools-group">${out.join('')}</div><div class="pp-tools-group">${options}</div></div>`;
}

function rowActions(f: FrameInput, gate: ReturnType<typeof actionGate>, record: Record<string, unknown>): string {
  const { inline, more: rest } = splitRowActions(gate.rowActions(record));
  const more = rest.length ? `<span class="pp-link">${esc(f.t('renderer.more'))} ${iconHtml('DownOutlined', 'pp-caret')}</span>` : '';
  return `<span class="pp-row-actions">${inline.map((n) => `<span class="pp-link${gate.action(n).danger ? ' pp-danger' : ''}">${esc(f.t(gate.action(n).title))}</span>`).join('')}${more}</span>`;
}

function table(f: FrameInput): string {
  const view = f.resource.list!;
  const gate = actionGate(f.resource, f.user);
  const hidden = new Set(hiddenByDefault(f.resource));
  const columns = normalizeColumns(view.columns ?? []).filter((c) => f.saved?.columns?.[c.field]?.show ?? !hidden.has(c.field));
  const opWidth = operationColumnWidth(
    (view.rowActions ?? []).filter((n) => gate.allowed(n)).map((n) => f.t(gate.action(n).title)),
    f.t('renderer.more'),
  );
  const selectable = gate.bulkActions().length > 0;
  // the live table's widths (field type + translated title), in the live theme's font
  const density = f.saved?.density === 'small' || f.saved?.density === 'large' ? ` pp-${f.saved.density}` : '';
  const widths = listColumnWidths(f.app, f.resource, f.t, {
    measure: textMeasure(getComputedStyle(document.body).fontFamily),
    locale: f.locale,
    padding: density === ' pp-large' ? 16 : 8,
  });
  const widthOf = (c: (typeof columns)[number]) => widths[c.field];
  const minWidth = columns.reduce((a, c) => a + widthOf(c), 0) + (opWidth || 0) + (selectable ? 48 : 0);
  const head = [
    selectable ? '<th class="pp-sel"><span class="pp-checkbox"></span></th>' : '',
    ...columns.map((c) => {
      const field = fieldOf(f.resource, c.field);
      const sorter = field.sortable
        ? `<span class="pp-sorter">${iconHtml('CaretUpOutlined', 'pp-caret')}${iconHtml('CaretDownOutlined', 'pp-caret')}</span>`
        : '';
      return `<th><span class="pp-th">${esc(f.t(c.title ?? field.title ?? c.field))}${sorter}</span></th>`;
    }),
    opWidth ? `<th class="pp-fixed-right">${esc(f.t('renderer.operation'))}</th>` : '',
  ].join('');
  const cols = [
    selectable ? '<col style="width:32px">' : '',
    ...columns.map((c) => `<col style="width:${widthOf(c)}px">`),
    opWidth ? `<col style="width:${opWidth}px">` : '',
  ].join('');
  const body = f.rows.length
    ? f.rows
        .map(
          (r) =>
            `<tr class="pp-row">${selectable ? '<td class="pp-sel"><span class="pp-checkbox"></span></td>' : ''}${columns
              .map((c) => `<td>${cellHtml(f, c.field, r, c.also, c.render)}</td>`)
              .join('')}${opWidth ? `<td class="pp-fixed-right">${rowActions(f, gate, r)}</td>` : ''}</tr>`,
        )
        .join('')
    : `<tr><td class="pp-no-data" colspan="${columns.length + (selectable ? 1 : 0) + (opWidth ? 1 : 0)}"></td></tr>`;
  // fixed layout at least as wide as the columns, like the live table (scroll.x = their sum);
  // the density the user chose in the table's settings (antd: large 16/16, middle 12/8, small 8/8)
  const layout = `class="pp-table${density}" style="min-width:${minWidth}px"`;
  return `<div class="pp-scroll"><table ${layout}><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function pagination(f: FrameInput): string {
  if (!f.total) return '';
  const total = f.t(f.totalExact ? 'renderer.total' : 'renderer.totalApprox', { total: f.total });
  const pages = Math.max(1, Math.ceil(f.total / f.state.pageSize));
  const shown = [...new Set([1, f.state.current, pages])].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  return `<div class="pp-pagination"><span>${esc(total)}</span>${shown
    .map((p) => `<span class="pp-page${p === f.state.current ? ' pp-active' : ''}">${p}</span>`)
    .join('')}</div>`;
}

/** The list's toolbar row: tabs with counts, actions, switches, export (redrawn when counts arrive). */
export function toolbarHtml(f: FrameInput): string {
  return `${tabs(f)}${toolbar(f)}`;
}

/** The whole static page. */
export function frameHtml(f: FrameInput): string {
  return (
    `${header(f)}<main class="pp-content">${searchForm(f)}<section class="pp-card pp-list">` +
    `<div class="pp-toolbar">${toolbarHtml(f)}</div>${table(f)}${pagination(f)}</section></main>`
  );
}
