import type { WorkflowTemplateGroup } from '@crossarm/shared';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { type GroupStep, groupSteps } from './group-lifecycle';

interface GroupMenuProps {
  group: WorkflowTemplateGroup;
  busy: boolean;
  onStep: (step: GroupStep) => void;
}

/** The lifecycle steps open to a group: activate, deactivate, archive, restore. */
export function GroupMenu({ group, busy, onStep }: GroupMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="default" size="md" aria-label={`Actions for ${group.name}`} loading={busy}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {groupSteps(group).map((step) => (
          <Tooltip
            key={step.action}
            label={step.blocked}
            disabled={!step.blocked}
            position="left"
            withinPortal
          >
            <div>
              <Menu.Item disabled={step.blocked !== null} onClick={() => onStep(step)}>
                {step.label}
              </Menu.Item>
            </div>
          </Tooltip>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
