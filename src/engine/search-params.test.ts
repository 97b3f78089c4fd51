import { describe, expect, it } from 'vitest';
import staffJson from '../../schemas/staff.json';
import orderJson from '../../schemas/order.json';
import appJson from '../../schemas/app.json';
import type { AppSchema, Resource } from '../schema';
import { filtersToFormValues, formValuesToFilters, parseListState, searchFormFields, serializeListState } from './search-params';
import { optionPath, optionsReadable } from './options';
import { fieldOf } from './resource-helpers';
import { optionReaders } from '../generated/option-access';
import { loadRegions, regionLabel } from './region';
import { checkUpload } from './upload-check';

const staff = staffJson as unknown as Resource;
const app = appJson as unknown as AppSchema;

describe('list state in the URL', () => {
  it('round-trips filters, tab and page; ignores unknown and malformed params', () => {
    const s = parseListState(staff, new URLSearchParams('current=x&pageSize=999&enabled=false&roles=admin&evil=1&createdAtFrom=2026-01-01T00:00:00%2B08:00'));
    expect(s).toMatchObject({ current: 1, pageSize: 20, filters: { enabled: 'false', roles: ['admin'], createdAtFrom: '2026-01-01T00:00:00+08:00' } });
    expect(serializeListState(staff, { ...s, current: 2 }).toString()).toBe(
      'roles=admin&enabled=false&createdAtFrom=2026-01-01T00%3A00%3A00%2B08%3A00&current=2',
    );
  });
  it('types URL filters for the search form (boolean enum values, ranges as pairs)', () => {
    const v = filtersToFormValues(app, staff, { enabled: 'false', roles: ['admin'], createdAtFrom: '2026-01-01' });
    expect(v).toEqual({ enabled: false, roles: ['admin'], createdAt: ['2026-01-01', null] });
  });
  it('widens a datetime range of days to whole days', () => {
    const f = formValuesToFilters(staff, { createdAt: ['2026-01-01', '2026-01-31'], username: 'zh', nickname: '' });
    expect(f.username).toBe('zh');
    expect(f.nickname).toBeUndefined();
    expect(f.createdAtFrom).toMatch(/^2026-01-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(f.createdAtTo).toMatch(/^2026-01-31T23:59:59[+-]\d{2}:\d{2}$/);
  });
});

describe('regions', () => {
  it('names 6-digit codes from the division data', async () => {
    const d = await loadRegions();
    expect(regionLabel(d, ['110000', '110100', '110105'])).toBe('北京市 / 市辖区 / 朝阳区');
    expect(d.tree.find((p) => p.value === '440000')?.label).toBe('广东省');
  });
});

describe('checkUpload', () => {
  const avatar = staff.fields!.avatar;
  it('names the size limit', () => {
    expect(checkUpload({ type: 'image/png', name: 'a.png', size: 3 * 1024 * 1024 }, avatar)).toEqual({ key: 'renderer.upload.tooLarge', values: { max: 2 } });
  });
  it('refuses a type outside accept and lets a valid file through', () => {
    expect(checkUpload({ type: 'application/pdf', name: 'a.pdf', size: 10 }, avatar)?.key).toBe('renderer.upload.badType');
    expect(checkUpload({ type: 'image/jpeg', name: 'a.jpg', size: 10 }, avatar)).toBeNull();
  });
});

describe('search form fields by who may read their options', () => {
  const order = orderJson as unknown as Resource;
  const app = appJson as unknown as AppSchema;
  const fields = (roles: string[]) => searchFormFields(order, optionsReadable(app, optionReaders, roles));

  it('leaves out a filter whose option source the roles cannot read, and nothing else', () => {
    const all = searchFormFields(order);
    expect(all).toContain('merchantId');
    // /merchant/list is for admin and finance: a dispatcher would get an empty dropdown behind a 403
    expect(fields(['dispatcher'])).toEqual(all.filter((n) => n !== 'merchantId'));
    expect(fields(['dispatcher'])).toEqual(expect.arrayContaining(['shopId', 'storeId', 'staffId', 'orderNo']));
    expect(fields(['admin'])).toEqual(all);
    expect(fields(['finance'])).toEqual(all);
    expect(fields(['dispatcher', 'finance'])).toEqual(all);
  });

  it('reads the roles from the bindings behind refs and dictionaries (generated from the schemas)', () => {
    expect(optionReaders['/merchant/list']).toEqual(['admin', 'finance']);
    expect(optionReaders['/dict/auditOperation']).toEqual(['admin']);
    // open to every signed-in user: not listed
    expect(optionReaders['/dict/store']).toBeUndefined();
    expect(optionReaders['/dict/shop']).toBeUndefined();
    expect(optionPath(app, fieldOf(order, 'shopId'))).toBe('/dict/shop');
    expect(optionPath(app, fieldOf(order, 'merchantId'))).toBe('/merchant/list');
    expect(optionPath(app, fieldOf(order, 'orderNo'))).toBeUndefined();
  });
});
