import { Badge, Tooltip } from '@mantine/core';
import { useHubState } from '../../../lib/hub/use-hub-state';

/** Says so when live updates are not flowing; invisible while connected. */
export function HubStatusBadge() {
  const state = useHubState();
  if (state === 'Connected') return null;
  const reconnecting = state === 'Connecting' || state === 'Reconnecting';
  return (
    <Tooltip
      label={reconnecting ? 'Reconnecting to live updates' : 'Live updates are off; reload the page to retry'}
    >
      <Badge variant="light" color={reconnecting ? 'yellow' : 'gray'} size="sm" role="status">
        {reconnecting ? 'Reconnecting' : 'Offline'}
      </Badge>
    </Tooltip>
  );
}
