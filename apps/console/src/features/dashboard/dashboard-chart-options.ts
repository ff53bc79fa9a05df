// Builds the echarts options of the dashboard: quota stacked by model, calls by model, tokens over time.
import type { DataGranularity } from '@turnpike/contract';
import dayjs from 'dayjs';
import { formatCompactNumber, type QuotaDisplay } from '../../lib/quota-format';
import type { DashboardChartOption } from './dashboard-chart';
import { seriesByModel, totalsByModel, type UsageBucket } from './dashboard-rules';

const axisFormats: Record<DataGranularity, string> = { hour: 'MM-DD HH:00', day: 'YYYY-MM-DD', week: 'YYYY-MM-DD' };

/** The x-axis label of a bucket start. */
export function bucketLabel(start: number, granularity: DataGranularity): string {
  return dayjs.unix(start).format(axisFormats[granularity]);
}

const legend = { type: 'scroll', bottom: 0 } as const;

/** Series colours, assigned to models in name order so a model has the same colour in every chart. */
const palette = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc', '#2f9e9e'];

/** Model name → colour, stable for the set of models shown. */
export function modelColors(buckets: readonly UsageBucket[]): Map<string, string> {
  const names = [...new Set(buckets.map((bucket) => bucket.modelName))].sort();
  return new Map(names.map((name, index) => [name, palette[index % palette.length] ?? '#5470c6']));
}
const grid = { left: 8, right: 16, top: 24, bottom: 48 } as const;

/** Quota shown as dollars (currency display) or as units. */
function quotaValue(quota: number, display: QuotaDisplay): number {
  return display.displayInCurrency ? quota / (display.quotaPerUnit > 0 ? display.quotaPerUnit : 500000) : quota;
}

function quotaFormatter(display: QuotaDisplay): (value: unknown) => string {
  return (value) => {
    const number = Number(value) || 0;
    return display.displayInCurrency ? `$${Number.parseFloat(number.toFixed(6))}` : formatCompactNumber(number);
  };
}

/** Stacked bars of consumed quota per model on the timeline. */
export function consumptionOption(buckets: readonly UsageBucket[], timeline: readonly number[], granularity: DataGranularity, display: QuotaDisplay): DashboardChartOption {
  const formatter = quotaFormatter(display);
  const colors = modelColors(buckets);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: formatter, confine: true },
    legend,
    grid,
    xAxis: { type: 'category', data: timeline.map((start) => bucketLabel(start, granularity)) },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => (display.displayInCurrency ? `$${Number.parseFloat(value.toFixed(4))}` : formatCompactNumber(value)) } },
    series: seriesByModel(buckets, timeline, 'quota').map((series) => ({
      name: series.modelName,
      type: 'bar',
      stack: 'quota',
      color: colors.get(series.modelName),
      emphasis: { focus: 'series' },
      data: series.values.map((quota) => quotaValue(quota, display)),
    })),
  };
}

/** A doughnut of the calls per model. */
export function callsOption(buckets: readonly UsageBucket[]): DashboardChartOption {
  const colors = modelColors(buckets);
  const totals = totalsByModel(buckets, 'count');
  const counts = new Map(totals.map((item) => [item.name, item.value]));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)', confine: true },
    legend: { ...legend, formatter: (name: string) => `${name} (${counts.get(name) ?? 0})` },
    series: [
      {
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '45%'],
        // Percentages inside the ring: outside labels get cut off in narrow cards.
        label: { show: true, position: 'inside', formatter: '{d}%', color: '#fff', fontSize: 11 },
        minShowLabelAngle: 18,
        data: totals.map((item) => ({ ...item, itemStyle: { color: colors.get(item.name) } })),
      },
    ],
  };
}

/** Stacked areas of tokens per model on the timeline. */
export function tokensOption(buckets: readonly UsageBucket[], timeline: readonly number[], granularity: DataGranularity): DashboardChartOption {
  const colors = modelColors(buckets);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value) => formatCompactNumber(Number(value) || 0), confine: true },
    legend,
    grid,
    xAxis: { type: 'category', boundaryGap: false, data: timeline.map((start) => bucketLabel(start, granularity)) },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatCompactNumber(value) } },
    series: seriesByModel(buckets, timeline, 'tokens').map((series) => ({
      name: series.modelName,
      type: 'line',
      stack: 'tokens',
      color: colors.get(series.modelName),
      smooth: true,
      showSymbol: false,
      areaStyle: { opacity: 0.25 },
      emphasis: { focus: 'series' },
      data: series.values,
    })),
  };
}
