import type { Migration } from 'kysely';
import * as organizationsAndUsers from './20261121T220000-organizations-and-users.ts';
import * as permissions from './20261121T220100-permissions.ts';
import * as legal from './20261121T220200-legal.ts';
import * as identity from './20261121T220300-identity.ts';
import * as events from './20261121T220400-events.ts';
import * as auditLog from './20261121T230000-audit-log.ts';

/** Every migration, by its timestamped name. Append new ones; never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '20261121T220000-organizations-and-users': organizationsAndUsers,
  '20261121T220100-permissions': permissions,
  '20261121T220200-legal': legal,
  '20261121T220300-identity': identity,
  '20261121T220400-events': events,
  '20261121T230000-audit-log': auditLog,
};
