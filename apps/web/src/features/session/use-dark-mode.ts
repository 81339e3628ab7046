import type { UserSession } from '@crossarm/shared';
import { useMantineColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { savePreferences, sessionKeys } from './api';
import { useSession } from './use-session';

/** The user's dark mode preference: applied at once, then saved to the server. */
export function useDarkMode(): { darkMode: boolean; setDarkMode: (darkMode: boolean) => void } {
  const session = useSession();
  const queryClient = useQueryClient();
  const { setColorScheme } = useMantineColorScheme();
  const setDarkMode = useCallback(
    (darkMode: boolean) => {
      setColorScheme(darkMode ? 'dark' : 'light');
      queryClient.setQueryData<UserSession>(sessionKeys.me(), (current) =>
        current ? { ...current, user: { ...current.user, darkMode } } : current,
      );
      savePreferences({ darkMode }).catch(() => {
        // Already logged by the API call; the choice stays applied for this visit.
      });
    },
    [queryClient, setColorScheme],
  );
  return { darkMode: session.user.darkMode, setDarkMode };
}
