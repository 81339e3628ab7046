import type {
  LibraryEntry,
  LibraryEntryInput,
  LibraryKind,
  LibrarySortBy,
  LibraryStatusFilter,
  Page,
  SystemApp,
} from '@crossarm/shared';
import { notifyUnlessFieldError } from '../../components/notifications/notify-api-error';
import { type ApiErrorHandling, apiRequest } from '../../lib/api/api-client';

/** What a library table asks for: the state its URL holds. */
export interface LibraryListParams {
  search: string;
  status: LibraryStatusFilter;
  sortBy: LibrarySortBy;
  sortDir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const libraryKeys = {
  all: ['library'] as const,
  apps: () => [...libraryKeys.all, 'apps'] as const,
  lists: (kind: LibraryKind) => [...libraryKeys.all, 'list', kind] as const,
  list: (kind: LibraryKind, params: LibraryListParams) => [...libraryKeys.lists(kind), params] as const,
  activeUnits: () => [...libraryKeys.all, 'active-units'] as const,
  activeProperties: () => [...libraryKeys.all, 'active-properties'] as const,
};

// Spelled out rather than imported: importing values from the shared package pulls its schemas (and zod)
// into the applications page, which needs neither.
const adminPath = (kind: LibraryKind) => `admin/system/apps/${kind}-library-entries`;

/** GET admin/system/apps. */
export function fetchSystemApps(signal?: AbortSignal): Promise<SystemApp[]> {
  return apiRequest<SystemApp[]>('admin/system/apps', { signal });
}

/** GET admin/system/apps/{kind}-library-entries. */
export function fetchLibraryPage(
  kind: LibraryKind,
  params: LibraryListParams,
  signal?: AbortSignal,
): Promise<Page<LibraryEntry>> {
  return apiRequest<Page<LibraryEntry>>(adminPath(kind), {
    signal,
    query: { ...params, search: params.search.trim() || undefined },
  });
}

/** Every active entry of a kind by name (units for Number properties, properties for formulas). */
export async function fetchActiveEntries(kind: LibraryKind, signal?: AbortSignal): Promise<LibraryEntry[]> {
  const page = await fetchLibraryPage(
    kind,
    { search: '', status: 'Active', sortBy: 'name', sortDir: 'asc', page: 1, pageSize: 200 },
    signal,
  );
  return page.items;
}

/** POST admin/system/apps/{kind}-library-entries. */
export function createLibraryEntry(kind: LibraryKind, body: LibraryEntryInput): Promise<LibraryEntry> {
  return apiRequest<LibraryEntry>(adminPath(kind), {
    method: 'POST',
    body,
    onError: notifyUnlessFieldError('name'),
  });
}

/** PUT admin/system/apps/{kind}-library-entries/{id}. */
export function updateLibraryEntry(
  kind: LibraryKind,
  id: string,
  body: LibraryEntryInput,
): Promise<LibraryEntry> {
  return apiRequest<LibraryEntry>(`${adminPath(kind)}/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    onError: notifyUnlessFieldError('name'),
  });
}

/** POST .../{id}/archive or .../{id}/unarchive. */
export function setLibraryEntryArchived(
  kind: LibraryKind,
  id: string,
  archived: boolean,
  onError?: ApiErrorHandling,
): Promise<LibraryEntry> {
  const action = archived ? 'archive' : 'unarchive';
  return apiRequest<LibraryEntry>(`${adminPath(kind)}/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    onError,
  });
}

/** DELETE admin/system/apps/{kind}-library-entries/{id}. */
export function deleteLibraryEntry(
  kind: LibraryKind,
  id: string,
  onError?: ApiErrorHandling,
): Promise<{ id: string }> {
  return apiRequest<{ id: string }>(`${adminPath(kind)}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    onError,
  });
}
