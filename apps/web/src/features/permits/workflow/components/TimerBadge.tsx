import { formatDateTime, type PermitTimer } from '@crossarm/shared';
import { Badge, Tooltip } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { TIMER_COLORS, timerView } from '../timer-text';
import { useNow } from '../use-now';

interface TimerBadgeProps {
  timer: PermitTimer;
  /** Show the timer's name before its state (in lists of several timers). */
  withName?: boolean;
}

/** A stage's or task's clock: time left ticking live, overdue in red, paused in amber. */
export function TimerBadge({ timer, withName = false }: TimerBadgeProps) {
  const now = useNow();
  const view = timerView(timer, now);
  const kind = timer.dayKind === 'Business' ? 'business days' : 'calendar days';
  const due = timer.dueAt && !timer.stoppedAt ? ` · due ${formatDateTime(timer.dueAt)}` : '';
  return (
    <Tooltip label={`${timer.name}: ${timer.durationDays} ${kind}${due}`} withArrow>
      <Badge
        variant="light"
        color={TIMER_COLORS[view.tone]}
        radius="sm"
        tt="none"
        fw={600}
        style={{ flexShrink: 0 }}
        leftSection={<IconClock size={12} aria-hidden />}
        aria-label={`Timer ${timer.name}: ${view.text}`}
      >
        {withName ? `${timer.name} · ${view.text}` : view.text}
      </Badge>
    </Tooltip>
  );
}
