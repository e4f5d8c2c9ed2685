import { Skeleton } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';

// echarts is loaded with the first chart, not with the console.
const LazyLiftChart = lazy(() => import('./lift-chart').then((module) => ({ default: module.LiftChart })));
const LazyUnitsChart = lazy(() => import('./units-chart').then((module) => ({ default: module.UnitsChart })));

const placeholder = <Skeleton.Node active style={{ width: '100%', height: 200 }} />;

export const LiftChart = (props: ComponentProps<typeof LazyLiftChart>) => (
  <Suspense fallback={placeholder}>
    <LazyLiftChart {...props} />
  </Suspense>
);

export const UnitsChart = (props: ComponentProps<typeof LazyUnitsChart>) => (
  <Suspense fallback={placeholder}>
    <LazyUnitsChart {...props} />
  </Suspense>
);

const LazyBanditWeightsChart = lazy(() =>
  import('./bandit-weights-chart').then((module) => ({ default: module.BanditWeightsChart })),
);

export const BanditWeightsChart = (props: ComponentProps<typeof LazyBanditWeightsChart>) => (
  <Suspense fallback={placeholder}>
    <LazyBanditWeightsChart {...props} />
  </Suspense>
);
