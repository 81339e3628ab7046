import type { ExportFormat } from '@crossarm/shared';
import { Button, Loader, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';

interface ExportMenuProps {
  /** Runs the export; the button shows progress until it settles. */
  onExport: (format: ExportFormat) => Promise<unknown>;
  label?: string;
  variant?: 'default' | 'light' | 'subtle';
  disabled?: boolean;
}

/** 'Export ▾' with Excel and CSV; busy while the file is prepared and downloaded. */
export function ExportMenu({ onExport, label = 'Export', variant = 'default', disabled }: ExportMenuProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = (format: ExportFormat) => {
    setBusy(format);
    onExport(format)
      .catch(() => {
        // The API client has already shown what went wrong.
      })
      .finally(() => setBusy(null));
  };
  return (
    <Menu position="bottom-end" width={180} shadow="md">
      <Menu.Target>
        <Button
          size="xs"
          variant={variant}
          color={variant === 'default' ? undefined : 'gray'}
          leftSection={busy ? <Loader size={12} /> : <IconDownload size={14} />}
          rightSection={busy ? null : <IconChevronDown size={12} />}
          disabled={disabled || busy !== null}
          aria-busy={busy !== null}
        >
          {busy ? `Preparing ${busy === 'Xlsx' ? 'Excel' : 'CSV'}…` : label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={14} />} onClick={() => run('Xlsx')}>
          Excel (.xlsx)
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={14} />} onClick={() => run('Csv')}>
          CSV (.csv)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
