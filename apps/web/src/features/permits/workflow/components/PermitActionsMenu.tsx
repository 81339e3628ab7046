import { Button, Menu, Tooltip } from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconChevronDown,
  IconLock,
  IconLockOpen,
  IconPlayerPause,
  IconPlayerPlay,
  IconRotate,
  IconThumbDown,
  IconThumbUp,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { PermitHeaderView } from '../api';
import {
  ACTION_LABELS,
  actionConsequence,
  offeredActions,
  type PermitAction,
  reasonOf,
} from '../permit-actions';
import { usePermitActions } from '../use-permit-actions';
import { ReasonDialog } from './ReasonDialog';

const ICONS: Record<PermitAction, ComponentType<{ size?: number }>> = {
  complete: IconCheck,
  uncomplete: IconRotate,
  requestCancel: IconBan,
  withdrawCancel: IconRotate,
  approveCancel: IconThumbUp,
  rejectCancel: IconThumbDown,
  undoCancel: IconRotate,
  directCancel: IconX,
  hold: IconPlayerPause,
  release: IconPlayerPlay,
  restrict: IconLock,
  removeRestriction: IconLockOpen,
  delete: IconTrash,
};

/** Red items end work or remove the permit. */
const DANGER = new Set<PermitAction>(['directCancel', 'delete']);

/** The header's Actions menu: only the lifecycle actions that fit the permit's status and the caller's side. */
export function PermitActionsMenu({ header }: { header: PermitHeaderView }) {
  const actions = usePermitActions(header);
  const offers = offeredActions(header);
  if (offers.length === 0) return null;
  const asking = actions.asking;
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={260}>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            rightSection={<IconChevronDown size={14} />}
            loading={actions.running !== null && asking === null}
          >
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {offers.map(({ action, blocked }) => {
            const Icon = ICONS[action];
            const item = (
              <Menu.Item
                key={action}
                leftSection={<Icon size={14} />}
                color={DANGER.has(action) ? 'red' : undefined}
                disabled={blocked !== null}
                onClick={() => void actions.start(action)}
              >
                {ACTION_LABELS[action]}
              </Menu.Item>
            );
            return blocked ? (
              <Tooltip key={action} label={blocked} position="left" withArrow>
                <div>{item}</div>
              </Tooltip>
            ) : (
              item
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <ReasonDialog
        opened={asking !== null}
        title={asking ? ACTION_LABELS[asking] : ''}
        consequence={asking ? actionConsequence(asking, header.permitNumber) : ''}
        submitLabel={asking ? ACTION_LABELS[asking] : 'Confirm'}
        required={asking ? reasonOf(asking) === 'required' : false}
        busy={actions.running !== null}
        onClose={actions.closeAsking}
        onSubmit={(reason) => asking && void actions.run(asking, reason)}
      />
    </>
  );
}
