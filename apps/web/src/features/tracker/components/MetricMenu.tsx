import type { OverviewColumn, SummaryMetric } from '@crossarm/shared';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { METRIC_LABELS } from '../tracker-columns';

interface MetricItemsProps {
  column: OverviewColumn;
  metric: SummaryMetric | null;
  onChange: (metric: SummaryMetric | null) => void;
}

/** The summary choices of a column, as menu items: none, or one of the metrics that fit its type. */
export function MetricItems({ column, metric, onChange }: MetricItemsProps) {
  if (column.metrics.length === 0) return null;
  const check = (active: boolean) => (active ? <IconCheck size={14} /> : <span style={{ width: 14 }} />);
  return (
    <>
      <Menu.Label>Summary</Menu.Label>
      <Menu.Item leftSection={check(metric === null)} onClick={() => onChange(null)}>
        None
      </Menu.Item>
      {column.metrics.map((option) => (
        <Menu.Item key={option} leftSection={check(metric === option)} onClick={() => onChange(option)}>
          {METRIC_LABELS[option]}
        </Menu.Item>
      ))}
    </>
  );
}
