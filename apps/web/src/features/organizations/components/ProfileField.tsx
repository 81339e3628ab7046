import { DataList, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ProfileFieldProps {
  label: string;
  /** Empty values show a dash. */
  children: ReactNode;
}

/** One labelled value of a profile. */
export function ProfileField({ label, children }: ProfileFieldProps) {
  const empty = children === null || children === undefined || children === '';
  return (
    <DataList.Item>
      <DataList.ItemLabel>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </DataList.ItemLabel>
      <DataList.ItemValue>
        {empty ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : typeof children === 'string' ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {children}
          </Text>
        ) : (
          children
        )}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
