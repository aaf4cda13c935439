import { lazy, Suspense, useEffect, type ComponentType, type JSX } from 'react';
import type * as Tremor from '@tremor/react';
import { cn } from '@client/lib/utils';

/**
 * Tremor's charts, loaded beside the page that shows them: the page renders its heading,
 * filters and figures and asks for its data first, and each chart takes its place when the
 * library (the largest dependency of the chart pages, about 550 KB to parse) has arrived.
 * A page calls usePreloadCharts() so the download starts right after its first render, not
 * when its data has arrived. Started any earlier (with the page's module), parsing it held
 * the page's first render back by 4-6 s on a loaded 2-core machine.
 */
let tremor: Promise<typeof Tremor> | undefined;
const loadCharts = () => (tremor ??= import('@tremor/react'));

export function usePreloadCharts(): void {
  useEffect(() => {
    void loadCharts();
  }, []);
}

function lazyChart<P extends { className?: string }>(pick: (m: typeof Tremor) => ComponentType<P>, name: string) {
  // Typed loosely inside: the wrapper's own props are the chart's (P).
  const Chart = lazy(() => loadCharts().then((m) => ({ default: pick(m) }))) as unknown as ComponentType<object>;
  function LazyChart(props: P & JSX.IntrinsicAttributes) {
    return (
      <Suspense fallback={<div className={cn(props.className, 'rounded-md bg-muted/50')} aria-hidden data-chart-loading />}>
        <Chart {...props} />
      </Suspense>
    );
  }
  LazyChart.displayName = `Lazy${name}`;
  return LazyChart;
}

export const AreaChart = lazyChart((m) => m.AreaChart, 'AreaChart');
export const BarChart = lazyChart((m) => m.BarChart, 'BarChart');
export const DonutChart = lazyChart((m) => m.DonutChart, 'DonutChart');
export const LineChart = lazyChart((m) => m.LineChart, 'LineChart');
export const Legend = lazyChart((m) => m.Legend, 'Legend');
