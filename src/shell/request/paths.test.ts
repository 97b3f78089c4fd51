import { describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import { apiPath, apiUrl, isExemptPath } from './paths';
import { fileNameFromDisposition } from './download';

const exempt = appJson.request.exemptPaths;

describe('paths', () => {
  it('joins with exactly one slash', () => {
    expect(apiPath('order/add')).toBe('/order/add');
    expect(apiPath('//order/add/')).toBe('/order/add');
    expect(apiUrl('/api/', '/order/add')).toBe('/api/order/add');
    expect(apiUrl('/api', 'order/add')).toBe('/api/order/add');
    expect(() => apiPath('  ')).toThrow(/empty/);
  });

  it.each([
    ['/api/user/login', true],
    ['/api/public/file?key=ab', true],
    ['/api/register', true],
    ['/api/products/list', true],
    ['/api/products/details/9', true],
    ['/api/open/x', true],
    ['/api/refresh-token', true],
    ['/api/delivery/sf', true],
    ['/api/delivery/sf/push/1', true],
    ['/api/index', true],
    ['/api/delivery', false],
    ['/api/deliveryx/a', false],
    ['/api/order/list', false],
    ['/api/user/info', false],
    ['/api/user/logout', false],
    ['/api/product/list', false],
    ['/api/order/list?next=/login', false],
  ])('%s exempt: %s', (url, expected) => {
    expect(isExemptPath(url, exempt)).toBe(expected);
  });

  it('reads the download name from Content-Disposition', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.xlsx")).toBe('订单.xlsx');
    expect(fileNameFromDisposition('attachment; filename="orders.xlsx"')).toBe('orders.xlsx');
    expect(fileNameFromDisposition("attachment; filename=a.csv; filename*=UTF-8''b%20c.csv")).toBe('b c.csv');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
