import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRupees, theme } from 'shared-ui';
import type { MonthlyChartProps } from './LazyMonthlyChart';

const HEIGHT = 280;
const COLOURS = [theme.colors.primary, theme.colors.warning, theme.colors.info, theme.colors.success];

const monthLabel = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
};

/** Axis ticks in lakh-friendly short form: ₹1.2L, ₹3.4Cr, ₹1.5K (one decimal where it matters, so ticks never read alike). */
const shortRupees = (rupees: number) => {
  const abs = Math.abs(rupees);
  const short = (value: number, unit: string) => `₹${Number(value.toFixed(1))}${unit}`;
  if (abs >= 1e7) return short(rupees / 1e7, 'Cr');
  if (abs >= 1e5) return short(rupees / 1e5, 'L');
  if (abs >= 1e3) return short(rupees / 1e3, 'K');
  return `₹${rupees}`;
};

/**
 * Month-by-month bars (recharts). Only ever imported through LazyMonthlyChart, so recharts is its own chunk,
 * fetched the first time a chart is shown. Amounts arrive in paise; the chart draws rupees.
 */
export default function MonthlyChart({ label, rows, series }: MonthlyChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);

  // Follows its box's width; without ResizeObserver (old browsers, jsdom) it keeps the default.
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const data = rows.map((row) => ({ month: monthLabel(row.month), ...Object.fromEntries(series.map((s) => [s.key, (row.values[s.key] ?? 0) / 100])) }));
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <div ref={box} style={{ width: '100%' }}>
        <BarChart width={width} height={HEIGHT} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
          <XAxis dataKey="month" />
          <YAxis tickFormatter={shortRupees} width={72} />
          <Tooltip formatter={(value) => formatRupees(Number(value) * 100)} />
          <Legend />
          {series.map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={COLOURS[i % COLOURS.length]} />
          ))}
        </BarChart>
      </div>
    </figure>
  );
}
