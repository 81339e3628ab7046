import type { PermitStatus } from '@crossarm/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { PERMIT_STATUS_COLORS, PERMIT_STATUS_LABELS } from '../timer-text';

/** A permit's status in its colour: blue active, amber on hold or waiting, grey cancelled, green completed. */
export function PermitStatusBadge({ status, size }: { status: PermitStatus; size?: BadgeProps['size'] }) {
  return (
    <Badge
      size={size}
      variant="light"
      style={{ flexShrink: 0 }}
      color={PERMIT_STATUS_COLORS[status]}
      radius="sm"
      tt="none"
      fw={600}
    >
      {PERMIT_STATUS_LABELS[status]}
    </Badge>
  );
}
