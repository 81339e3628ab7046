import type {
  ActivityEntry,
  ActivityFilterOptions,
  ActivityFilters,
  DesignUrlCheck,
  ExportFormat,
  Page,
  PermitFile,
  PermitFilesExport,
  PermitFilesQuery,
  PermitMapMetadata,
  PermitReport,
} from '@crossarm/shared';
import { type ApiErrorHandling, apiDownload, apiRequest, apiUpload } from '../../../lib/api/api-client';
import { saveFile } from '../../../lib/save-file';

// The calls of a permit's side panel: comments, files, reports, the activity log and the map summary.

/** Waits for a call whose failure the API client has already shown, without failing again. */
export async function ignoreReported(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch {
    // Already shown to the user by the API client.
  }
}

const permit = (id: string) => `joint-use/permit/${encodeURIComponent(id)}`;

/** A file attached to a comment. */
export interface CommentAttachment {
  id: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  /** The download address, from the site root (`/api/joint-use/...`). */
  url: string;
}

/** A comment as the permit's conversation shows it. */
export interface PermitComment {
  id: string;
  author: {
    /** Null once the author's account is gone. */
    userId: string | null;
    name: string | null;
    organizationId: string | null;
    organizationName: string | null;
  };
  /** Rich text, sanitised on the server. */
  html: string;
  mentions: Array<{ userId: string; name: string | null }>;
  attachments: CommentAttachment[];
  createdAt: string;
  /** Whether the caller has read it. */
  read: boolean;
}

/** One page of comments; page 1 holds the oldest. */
export interface CommentsPage {
  items: PermitComment[];
  total: number;
  page: number;
  pageSize: number;
  unreadComments: number;
}

/** Someone who sees the permit and may be mentioned on it. */
export interface MentionableUser {
  id: string;
  name: string;
  email: string;
  organizationId: string;
  organizationName: string;
}

export interface UnreadComments {
  permitId: string;
  unreadComments: number;
}

/** GET permit/{id}/comments: one page, oldest first. */
export function fetchCommentsPage(permitId: string, page: number, pageSize: number, signal?: AbortSignal) {
  return apiRequest<CommentsPage>(`${permit(permitId)}/comments`, { signal, query: { page, pageSize } });
}

/** GET permit/{id}/comment/{commentId}/page: the page a comment is on at that page size. */
export function fetchCommentPage(
  permitId: string,
  commentId: string,
  pageSize: number,
  signal?: AbortSignal,
) {
  return apiRequest<{ page: number }>(
    `${permit(permitId)}/comment/${encodeURIComponent(commentId)}/page`,
    // A link to a comment that is gone falls back to the latest comments: the panel says so itself.
    { signal, query: { pageSize }, onError: 'silent' },
  );
}

/** POST permit/{id}/comments (multipart): the comment's HTML and its files, with upload progress. */
export function postComment(
  permitId: string,
  body: FormData,
  onProgress: (fraction: number) => void,
  onError: ApiErrorHandling,
) {
  return apiUpload<PermitComment>(`${permit(permitId)}/comments`, { body, onProgress, onError });
}

/** POST permit/comments/read for the listed comments; a failure only leaves them unread. */
export function markCommentsRead(permitId: string, commentIds: string[]) {
  return apiRequest<UnreadComments>('joint-use/permit/comments/read', {
    method: 'POST',
    body: { permitId, commentIds },
    onError: 'silent',
  });
}

/** GET permit/{id}/comments/unread-count. */
export function fetchUnreadComments(permitId: string, signal?: AbortSignal) {
  return apiRequest<UnreadComments>(`${permit(permitId)}/comments/unread-count`, {
    signal,
    onError: 'silent',
  });
}

/** GET permit/{id}/comments/mentionable: people who see the permit whose name or email matches. */
export function fetchMentionable(permitId: string, filter: string, signal?: AbortSignal) {
  return apiRequest<MentionableUser[]>(`${permit(permitId)}/comments/mentionable`, {
    signal,
    query: { filter: filter.trim() || undefined },
    onError: 'silent',
  });
}

/** Downloads a comment's file from the address the comment gives. */
export async function downloadCommentFile(attachment: CommentAttachment) {
  const file = await apiDownload(attachment.url.replace(/^\/api\//, ''));
  saveFile(file.blob, file.fileName ?? attachment.name);
}

/** POST permit/{id}/files/overview: the permit's files, filtered by kind and sorted. */
export function fetchPermitFiles(permitId: string, query: PermitFilesQuery, signal?: AbortSignal) {
  return apiRequest<PermitFile[]>(`${permit(permitId)}/files/overview`, {
    method: 'POST',
    body: query,
    signal,
  });
}

/** POST permit/{id}/files (multipart): one file, with upload progress. */
export function uploadPermitFile(
  permitId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) {
  const body = new FormData();
  body.append('files', file, file.name);
  // The panel shows each upload's failure beside it.
  return apiUpload<PermitFile[]>(`${permit(permitId)}/files`, {
    body,
    onProgress,
    signal,
    onError: 'silent',
  });
}

/** GET permit/{id}/files/{fileId}: a permit file or a report file, saved under its name. */
export async function downloadPermitFile(permitId: string, fileId: string, name: string) {
  const file = await apiDownload(`${permit(permitId)}/files/${encodeURIComponent(fileId)}`);
  saveFile(file.blob, file.fileName ?? name);
}

/** DELETE permit/{id}/files/{fileId}. */
export function deletePermitFile(permitId: string, fileId: string) {
  return apiRequest<null>(`${permit(permitId)}/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
}

/** POST permit/{id}/files/overview/export/zip: the chosen files as one zip. */
export async function downloadFilesZip(permitId: string, body: PermitFilesExport) {
  const file = await apiDownload(`${permit(permitId)}/files/overview/export/zip`, { method: 'POST', body });
  saveFile(file.blob, file.fileName ?? 'permit-files.zip');
}

/** GET permit/{id}/reports: newest first, the latest flagged. */
export function fetchReports(permitId: string, signal?: AbortSignal) {
  return apiRequest<PermitReport[]>(`${permit(permitId)}/reports`, { signal });
}

/** POST permit/{id}/report: an uploaded file (multipart) or a linked design (JSON). */
export function addReport(
  permitId: string,
  source: { file: File } | { designId: string; designUrl?: string },
  onProgress: (fraction: number) => void,
  onError: ApiErrorHandling,
) {
  const body = new FormData();
  if ('file' in source) body.append('file', source.file, source.file.name);
  else {
    body.append('designId', source.designId);
    if (source.designUrl) body.append('designUrl', source.designUrl);
  }
  return apiUpload<PermitReport>(`${permit(permitId)}/report`, { body, onProgress, onError });
}

/** GET reports/validate-design-url: whether a design id (and address) can be linked. */
export function validateDesignLink(designId: string, designUrl: string | undefined, signal?: AbortSignal) {
  return apiRequest<DesignUrlCheck>('joint-use/reports/validate-design-url', {
    signal,
    query: { designId, designUrl },
  });
}

/** POST permit/{id}/reports/{reportId}/latest: the reports after the change. */
export function markReportLatest(permitId: string, reportId: string) {
  return apiRequest<PermitReport[]>(`${permit(permitId)}/reports/${encodeURIComponent(reportId)}/latest`, {
    method: 'POST',
  });
}

/** DELETE permit/{id}/reports/{reportId}. */
export function deleteReport(permitId: string, reportId: string) {
  return apiRequest<null>(`${permit(permitId)}/reports/${encodeURIComponent(reportId)}`, {
    method: 'DELETE',
  });
}

/** GET permit/{id}/activity-filters: the kinds, people and time span the log holds. */
export function fetchActivityFilters(permitId: string, signal?: AbortSignal) {
  return apiRequest<ActivityFilterOptions>(`${permit(permitId)}/activity-filters`, { signal });
}

/** POST permit/{id}/activity: a page of the log, newest first. */
export function fetchActivityPage(
  permitId: string,
  filters: ActivityFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return apiRequest<Page<ActivityEntry>>(`${permit(permitId)}/activity`, {
    method: 'POST',
    body: filters,
    query: { page, page_size: pageSize },
    signal,
  });
}

/** POST permit/{id}/activity/export/xlsx|csv with the filters shown. */
export async function exportActivity(permitId: string, filters: ActivityFilters, format: ExportFormat) {
  const extension = format.toLowerCase();
  const file = await apiDownload(`${permit(permitId)}/activity/export/${extension}`, {
    method: 'POST',
    body: filters,
  });
  saveFile(file.blob, file.fileName ?? `permit-activity.${extension}`);
}

/** GET permit/{id}/map/metadata: how many poles and spans the permit has on its map. */
export function fetchPermitMapMetadata(permitId: string, signal?: AbortSignal) {
  return apiRequest<PermitMapMetadata>(`${permit(permitId)}/map/metadata`, { signal });
}
