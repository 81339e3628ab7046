import type { LibraryEntry, LibraryKind } from '@crossarm/shared';
import { Button, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTabParam } from '../../../components/use-tab-param';
import { useSession } from '../../session/use-session';
import { kindFromSlug, kindOrder, kindText } from '../library-kinds';
import { LibraryEntryFormModal } from './LibraryEntryFormModal';
import { LibraryTab } from './LibraryTab';

const slugs = kindOrder.map((kind) => kindText[kind].slug);

/** The form being shown: a new entry of a kind, or an existing entry. */
type Editing = { kind: LibraryKind; entry: LibraryEntry | null } | null;

/** A library's tabs (Stages, Properties, Tasks, Units), the selected tab's table, and the entry form. */
export function LibraryPanel() {
  const session = useSession();
  const canManage = session.systemPermissions.includes('ManageLibrary');
  const [slug, selectSlug] = useTabParam(slugs);
  const kind = kindFromSlug(slug);
  const [editing, setEditing] = useState<Editing>(null);
  const create = useCallback(() => setEditing({ kind, entry: null }), [kind]);
  const edit = useCallback((entry: LibraryEntry) => setEditing({ kind: entry.kind, entry }), []);

  return (
    <>
      <Tabs value={slug} onChange={selectSlug} keepMounted={false}>
        <Tabs.List mb="md">
          {kindOrder.map((tabKind) => (
            <Tabs.Tab key={tabKind} value={kindText[tabKind].slug}>
              {kindText[tabKind].plural}
            </Tabs.Tab>
          ))}
          {canManage ? (
            <Button ml="auto" mb={6} size="xs" leftSection={<IconPlus size={14} />} onClick={create}>
              New {kindText[kind].singular}
            </Button>
          ) : null}
        </Tabs.List>
        {kindOrder.map((tabKind) => (
          <Tabs.Panel key={tabKind} value={kindText[tabKind].slug}>
            {tabKind === kind ? (
              <LibraryTab kind={kind} canManage={canManage} onCreate={create} onEdit={edit} />
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      {editing ? (
        <LibraryEntryFormModal
          key={editing.entry?.id ?? `new-${editing.kind}`}
          kind={editing.kind}
          entry={editing.entry}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
