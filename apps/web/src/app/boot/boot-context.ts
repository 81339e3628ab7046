import { createContext } from 'react';
import type { BootOutcome } from './boot-sequence';

export type ReadyBoot = Extract<BootOutcome, { kind: 'ready' }>;

/** What boot found: the app configuration and how the auth session started. */
export const BootContext = createContext<ReadyBoot | null>(null);
