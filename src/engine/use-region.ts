/**
 * The region tree for cascaders and cells; triggers the lazy load on first use.
 *
 * @example
 * const regions = useRegions();   // null until loaded
 * regions && regionLabel(regions, record.region)
 */
import { useEffect, useState } from 'react';
import { loadRegions, regionsIfLoaded, type RegionData } from './region';

export function useRegions(): RegionData | null {
  const [data, setData] = useState<RegionData | null>(regionsIfLoaded);
  useEffect(() => {
    if (data) return;
    let live = true;
    void loadRegions().then((d) => live && setData(d));
    return () => {
      live = false;
    };
  }, [data]);
  return data;
}
