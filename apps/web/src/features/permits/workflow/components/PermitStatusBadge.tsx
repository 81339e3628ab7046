import type { PermitStatus } from '@crossarm/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { PERMIT_STATUS_COLORS, PERMIT_STATUS_LABELS } from '../timer-text';

interface PermitStatusBadgeProps {
  status: PermitStatus;
  size?: BadgeProps['size'];
  /**
   * Gives way to what stands beside it or to a narrow cell, cut short with its whole label on hover (its
   * cell should still be wide enough for the longest label, 'Cancel requested', at its starting width).
   */
  shrinks?: boolean;
}

/** A permit's status in its colour: blue active, amber on hold or waiting, grey cancelled, green completed. */
export function PermitStatusBadge({ status, size, shrinks = false }: PermitStatusBadgeProps) {
  return (
    <Badge
      size={size}
      variant="light"
      style={shrinks ? { flexShrink: 1, minWidth: 0, maxWidth: '100%' } : { flexShrink: 0 }}
      title={shrinks ? PERMIT_STATUS_LABELS[status] : undefined}
      color={PERMIT_STATUS_COLORS[status]}
      radius="sm"
      tt="none"
      fw={600}
    >
      {PERMIT_STATUS_LABELS[status]}
    </Badge>
  );
}
