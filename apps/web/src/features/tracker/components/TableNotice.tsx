import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

interface TableNoticeProps {
  icon: ReactNode;
  title: string;
  /** Offers a cross named 'Dismiss' that calls this. */
  onDismiss?: () => void;
  children: ReactNode;
}

/** A notice above the tracker's rows about what the table shows: amber, compact, the title saying what. */
export function TableNotice({ icon, title, onDismiss, children }: TableNoticeProps) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={icon}
      mb="xs"
      py={6}
      title={title}
      withCloseButton={Boolean(onDismiss)}
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {children}
    </Alert>
  );
}
