/**
 * China's region tree (GB/T 2260) has placeholder levels with no place name of their own: the "市辖区"
 * city level of a municipality, "县" under some of them, and the "省直辖县级行政区划" groups. A place
 * reads right without them ("上海市 浦东新区", not "市辖区 浦东新区"). Shared by the browser's labels and
 * the server's messages so both name places alike.
 *
 * @example
 * ['上海市', '市辖区', '浦东新区'].filter((n) => !isPlaceholderRegionLevel(n)) // ['上海市', '浦东新区']
 */
const PLACEHOLDER_LEVEL = /^(市辖区|县|省直辖县级行政区划|自治区直辖县级行政区划)$/;

export function isPlaceholderRegionLevel(name: string): boolean {
  return PLACEHOLDER_LEVEL.test(name);
}
