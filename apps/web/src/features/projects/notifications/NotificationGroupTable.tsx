import type { EmailDelivery, ProjectNotificationPrefs } from '@crossarm/shared';
import {
  Checkbox,
  Menu,
  Paper,
  SegmentedControl,
  Switch,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import {
  EMAIL_DELIVERY_OPTIONS,
  groupInAppState,
  type NotificationGroup,
  withGroupPreference,
  withPreference,
} from './notification-groups';

interface NotificationGroupTableProps {
  group: NotificationGroup;
  draft: ProjectNotificationPrefs;
  onChange: (next: ProjectNotificationPrefs) => void;
  disabled: boolean;
}

const emailOf = (value: string): EmailDelivery =>
  EMAIL_DELIVERY_OPTIONS.find((option) => option.value === value)?.value ?? 'Off';

function EmailForAll({
  group,
  onPick,
  disabled,
}: {
  group: NotificationGroup;
  onPick: (email: EmailDelivery) => void;
  disabled: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`E-mail for all of ${group.title}`} disabled={disabled}>
          <Text fw={600} size="xs" c="dimmed" tt="uppercase" span>
            E-mail <IconChevronDown size={11} style={{ verticalAlign: 'middle' }} />
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Set every event to</Menu.Label>
        {EMAIL_DELIVERY_OPTIONS.map((option) => (
          <Menu.Item key={option.value} onClick={() => onPick(option.value)}>
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** One section of the notification settings: its event types, each with in-app and e-mail delivery. */
export function NotificationGroupTable({ group, draft, onChange, disabled }: NotificationGroupTableProps) {
  const inApp = groupInAppState(draft, group);
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby={`notify-${group.key}`}>
      <div style={{ padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md) 0' }}>
        <Title order={2} fz="sm" fw={600} id={`notify-${group.key}`}>
          {group.title}
        </Title>
        <Text size="xs" c="dimmed">
          {group.description}
        </Text>
      </div>
      <Table
        verticalSpacing={4}
        horizontalSpacing="md"
        fz="sm"
        layout="fixed"
        aria-labelledby={`notify-${group.key}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Text fw={600} size="xs" c="dimmed" tt="uppercase">
                Event
              </Text>
            </Table.Th>
            <Table.Th w={120}>
              <Checkbox
                size="xs"
                label="In app"
                checked={inApp === 'all'}
                indeterminate={inApp === 'some'}
                disabled={disabled}
                aria-label={`In app for all of ${group.title}`}
                onChange={() => onChange(withGroupPreference(draft, group, { inApp: inApp !== 'all' }))}
                styles={{ label: { fontSize: 'var(--mantine-font-size-xs)', fontWeight: 600 } }}
              />
            </Table.Th>
            <Table.Th w={230}>
              <EmailForAll
                group={group}
                disabled={disabled}
                onPick={(email) => onChange(withGroupPreference(draft, group, { email }))}
              />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.events.map((event) => {
            const preference = draft.events[event.type];
            return (
              <Table.Tr key={event.type}>
                <Table.Td>{event.label}</Table.Td>
                <Table.Td>
                  <Switch
                    size="xs"
                    checked={preference.inApp}
                    disabled={disabled}
                    aria-label={`${event.label}: in app`}
                    onChange={(change) =>
                      onChange(withPreference(draft, event.type, { inApp: change.currentTarget.checked }))
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <SegmentedControl
                    size="xs"
                    fullWidth
                    data={[...EMAIL_DELIVERY_OPTIONS]}
                    value={preference.email}
                    disabled={disabled}
                    aria-label={`${event.label}: e-mail`}
                    onChange={(value) =>
                      onChange(withPreference(draft, event.type, { email: emailOf(value) }))
                    }
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
