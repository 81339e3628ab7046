import type { UserSession } from '@crossarm/shared';
import { createContext } from 'react';

/** The loaded session of an Active user with an organization; provided by the session gate. */
export const SessionContext = createContext<UserSession | null>(null);
