import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './Logo';

interface FullPagePanelProps {
  title: string;
  children?: ReactNode;
  /** Buttons and links under the text. */
  actions?: ReactNode;
  icon?: ReactNode;
}

/** A page-filling card for states that replace the whole app (boot errors, access problems). */
export function FullPagePanel({ title, children, actions, icon }: FullPagePanelProps) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder radius="md" p="xl" w="100%" maw={520} shadow="sm">
        <Stack gap="lg">
          <Logo size={28} />
          <Stack gap="xs">
            {icon}
            <Title order={1} fz="h3" c="var(--mantine-color-bright)">
              {title}
            </Title>
            {typeof children === 'string' ? <Text c="dimmed">{children}</Text> : children}
          </Stack>
          {actions}
        </Stack>
      </Paper>
    </Center>
  );
}
