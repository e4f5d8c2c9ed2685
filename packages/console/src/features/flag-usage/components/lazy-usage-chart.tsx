import { Skeleton } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';

// echarts is loaded with the first chart, not with the console.
const LazyUsageChart = lazy(() => import('./usage-chart').then((module) => ({ default: module.UsageChart })));

export const UsageChart = (props: ComponentProps<typeof LazyUsageChart>) => (
  <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 180 }} />}>
    <LazyUsageChart {...props} />
  </Suspense>
);
