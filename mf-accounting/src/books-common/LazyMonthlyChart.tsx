import { Suspense, lazy } from 'react';
import { EmptyState, Spinner } from 'shared-ui';

export interface ChartSeries {
  /** Key of the amount (paise) in each row's `values`. */
  key: string;
  name: string;
}

export interface MonthlyChartProps {
  /** Accessible name of the figure. */
  label: string;
  rows: readonly { month: string; values: Readonly<Record<string, number>> }[];
  series: readonly ChartSeries[];
}

// recharts is large: a separate chunk, loaded on the first chart shown, never part of other screens' bundles.
const MonthlyChart = lazy(() => import(/* webpackChunkName: "monthly-chart" */ './MonthlyChart'));

/** The one chart of the books (P&L months, a store's months): bars per month, loaded lazily. */
export function LazyMonthlyChart(props: MonthlyChartProps) {
  if (props.rows.length === 0) return <EmptyState title="Nothing to chart" message="There are no months with figures in this period." />;
  return (
    <Suspense fallback={<Spinner label="Loading chart" />}>
      <MonthlyChart {...props} />
    </Suspense>
  );
}
