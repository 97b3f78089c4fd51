/**
 * One ECharts instance in a div: created on mount, resized with its box (keep-alive tabs and window
 * resizes), options replaced when they change, disposed on unmount.
 */
import { useEffect, useRef } from 'react';
import { init, type ChartOption } from './echarts';

export interface ChartProps {
  option: ChartOption;
  height: number;
  /** accessible name of the drawing */
  label: string;
}

export function Chart({ option, height, label }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const el = box.current!;
    const c = init(el);
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
