import { Paper, Portal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MentionableUser } from './panel-api';

export interface MentionMenuState {
  items: MentionableUser[];
  query: string;
  /** Where the typed "@…" is on screen. */
  rect: DOMRect | null;
  select: (user: MentionableUser) => void;
}

interface MentionMenuProps {
  state: MentionMenuState;
  active: number;
}

const MENU_WIDTH = 260;
const MENU_HEIGHT = 320;

/** Under the typed "@…", kept inside the window (above it when there is no room below). */
function menuPosition(rect: DOMRect) {
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - MENU_WIDTH - 8));
  const below = rect.bottom + 4 + MENU_HEIGHT <= window.innerHeight;
  return below ? { left, top: rect.bottom + 4 } : { left, bottom: window.innerHeight - rect.top + 4 };
}

/** The people matching what follows "@", under the caret; arrows move, Enter or Tab picks, Esc closes. */
export function MentionMenu({ state, active }: MentionMenuProps) {
  if (!state.rect) return null;
  return (
    <Portal>
      <Paper
        withBorder
        shadow="md"
        radius="sm"
        p={4}
        w={MENU_WIDTH}
        mah={MENU_HEIGHT}
        style={{ position: 'fixed', ...menuPosition(state.rect), zIndex: 400, overflowY: 'auto' }}
      >
        {state.items.length === 0 ? (
          <Text size="xs" c="dimmed" px="xs" py={4}>
            {state.query
              ? `Nobody who sees this permit matches "${state.query}".`
              : 'Type a name to mention someone.'}
          </Text>
        ) : (
          <Stack gap={0} role="listbox" aria-label="People to mention">
            {state.items.map((user, index) => (
              <UnstyledButton
                key={user.id}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  // Keep the editor's selection: pick on mouse down, before the editor loses focus.
                  event.preventDefault();
                  state.select(user);
                }}
                px="xs"
                py={4}
                bg={index === active ? 'var(--mantine-color-default-hover)' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Text size="sm" truncate>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user.organizationName} · {user.email}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Paper>
    </Portal>
  );
}
