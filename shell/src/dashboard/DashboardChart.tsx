import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, formatRupees } from 'shared-ui';

/*
 * The dashboard's charts (recharts). This module is imported lazily by the dashboard only, so recharts is a chunk
 * of its own that neither the sign-in page nor the dashboard's figures wait for.
 */

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface DashboardChartProps {
  /** Accessible name of the chart. */
  title: string;
  kind: 'bar' | 'line';
  /** One row per day: `day` (shown on the axis) and a number per series key. */
  data: readonly Record<string, string | number>[];
  series: readonly ChartSeries[];
  /** Values are paise, shown as rupees. */
  money?: boolean;
}

const HEIGHT = 220;

export default function DashboardChart({ title, kind, data, series, money = false }: DashboardChartProps) {
  const format = (v: unknown) => (money ? formatRupees(Number(v)) : formatNumber(Number(v)));
  // Whole rupees on the axis: paise would make the ticks unreadable.
  const tick = (v: number) => (money ? formatNumber(Math.round(v / 100)) : formatNumber(v));
  const rows = [...data];
  return (
    <figure role="figure" aria-label={title} style={{ margin: 0, width: '100%', height: HEIGHT }}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        {kind === 'bar' ? (
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} width={48} tickFormatter={tick} />
            <Tooltip formatter={format} />
            <Legend />
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} />
            ))}
          </BarChart>
        ) : (
          <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" fontSize={12} />
            <YAxis fontSize={12} width={64} tickFormatter={tick} />
            <Tooltip formatter={format} />
            <Legend />
            {series.map((s) => (
              <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} dot={false} />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}
