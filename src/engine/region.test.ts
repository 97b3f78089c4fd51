import { describe, expect, it } from 'vitest';
import { loadRegions, regionLabel, regionPath, regionPlaceLabel } from './region';

describe('region data', () => {
  it('builds the path of a district and of a city from the parent map', async () => {
    const data = await loadRegions();
    expect(regionPath(data, '330106')).toEqual(['330000', '330100', '330106']);
    expect(regionPath(data, '330100')).toEqual(['330000', '330100']);
    expect(regionPath(data, '330000')).toEqual(['330000']);
  });

  it('labels one place of a service area under its city, and a whole path with slashes', async () => {
    const data = await loadRegions();
    expect(regionPlaceLabel(data, '330106')).toBe('杭州市 西湖区');
    expect(regionPlaceLabel(data, '330100')).toBe('浙江省 杭州市');
    expect(regionPlaceLabel(data, '310115')).toBe('上海市 浦东新区');
    expect(regionPlaceLabel(data, '310100')).toBe('上海市');
    expect(regionLabel(data, ['330000', '330100', '330106'])).toBe('浙江省 / 杭州市 / 西湖区');
  });
});
