import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EChartsCoreOption, EChartsType, init } from 'echarts/core';

/** A module registering the ECharts parts a screen uses and re-exporting `init`. */
export interface ChartsModule {
  init: typeof init;
}

/**
 * A chart in the `box` element, with ECharts loaded (by `load`, once per module) on first use:
 * draws `option()` whenever `deps` change, follows the box's size, and is disposed with the
 * component. `ready` is false until ECharts is there; `failed` tells why it could not load.
 */
export function useLazyEChart(
  load: () => Promise<ChartsModule>,
  box: RefObject<HTMLDivElement | null>,
  option: (el: HTMLDivElement) => EChartsCoreOption,
  deps: readonly unknown[],
): { ready: boolean; failed: string } {
  const [lib, setLib] = useState<ChartsModule | null>(null);
  const [failed, setFailed] = useState('');
  const chart = useRef<EChartsType | null>(null);
  const draw = useRef(option);
  draw.current = option;

  useEffect(() => {
    let alive = true;
    load().then(
      (m) => alive && setLib(m),
      (err: unknown) => alive && setFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      alive = false;
    };
  }, [load]);

  useEffect(() => {
    const el = box.current;
    if (!lib || !el) return;
    const c = lib.init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [lib, box]);

  useEffect(() => {
    const el = box.current;
    if (lib && el && chart.current) chart.current.setOption(draw.current(el), { notMerge: true });
    // Redrawn when the caller's data (deps) change; draw.current is the latest option.
  }, [lib, box, ...deps]);

  return { ready: lib !== null, failed };
}
