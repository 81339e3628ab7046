import type {
  ExportFormat,
  Option,
  OverviewColumnGroup,
  OverviewRequest,
  OverviewResult,
  OverviewRow,
  OverviewRowByColumn,
} from '@crossarm/shared';
import { rowByColumn } from '@crossarm/shared';
import { apiRequest, apiResponse, fileNameFromDisposition } from '../../lib/api/api-client';
import { saveFile } from '../../lib/save-file';
import { type ExportProgress, exportFileName, readExport } from './export-stream';

const base = 'joint-use';

/** GET options/permits/columns: the columns the caller may show, filter, sort and sum, by subject kind. */
export function fetchOverviewColumns(signal?: AbortSignal) {
  return apiRequest<OverviewColumnGroup[]>(`${base}/options/permits/columns`, { signal });
}

/**
 * GET options/projects or options/organizations (those the caller shares projects with): the names a
 * filter on the project or the applicant can pick, matching `filter`.
 */
export function fetchFilterNames(kind: 'projects' | 'organizations', filter: string, signal?: AbortSignal) {
  return apiRequest<Option[]>(`${base}/options/${kind}`, {
    signal,
    query: { filter: filter.trim() || undefined, related: kind === 'organizations' ? 'true' : undefined },
  });
}

/** A page of the overview with its rows' cells by column id. */
export type OverviewPage = Omit<OverviewResult, 'rows'> & { rows: OverviewRowByColumn[] | null };

/** POST permits/overview: a page of permits with the total, its cells by column id. */
export async function fetchOverviewPage(
  request: OverviewRequest,
  signal?: AbortSignal,
): Promise<OverviewPage> {
  const result = await apiRequest<OverviewResult>(`${base}/permits/overview`, {
    method: 'POST',
    body: request,
    query: { includeCount: true, includeData: true, includeColumns: false, includeSummary: false },
    signal,
  });
  return {
    ...result,
    rows: result.rows?.map((row) => rowByColumn(row, request.columnOptions ?? [])) ?? null,
  };
}

/** POST permits/overview for the summary row only (page 0, size 0). */
export function fetchOverviewSummary(request: OverviewRequest, signal?: AbortSignal) {
  return apiRequest<OverviewResult>(`${base}/permits/overview`, {
    method: 'POST',
    body: request,
    query: { includeCount: false, includeData: false, includeColumns: false, includeSummary: true },
    signal,
  });
}

/** POST overview/row/{id}: one permit as a row with the columns shown; silent (a live refresh). */
export async function fetchOverviewRow(id: string, columnOptions: string[]): Promise<OverviewRowByColumn> {
  const row = await apiRequest<OverviewRow>(`${base}/overview/row/${id}`, {
    method: 'POST',
    body: { columnOptions },
    onError: 'silent',
  });
  return rowByColumn(row, columnOptions);
}

/**
 * POST overview/export/xlsx|csv: the permits of the table (all pages) as a file, read as it streams in
 * (progress reported after each piece) and saved by the browser under the server's name once complete.
 * Aborting `signal` stops it; failures are left to the caller to show.
 */
export async function exportOverview(
  request: OverviewRequest,
  format: ExportFormat,
  options: {
    signal?: AbortSignal;
    /** The rows the table counts, for "of N rows". */
    expected?: number | null;
    onProgress?: (progress: ExportProgress) => void;
    /** The view's name, which the file is named after. */
    name?: string;
  } = {},
) {
  const extension = format.toLowerCase();
  const response = await apiResponse(`${base}/overview/export/${extension}`, {
    method: 'POST',
    body: request,
    signal: options.signal,
    onError: 'silent',
  });
  const fileName = exportFileName(
    fileNameFromDisposition(response.headers.get('content-disposition')) ?? `permits.${extension}`,
    options.name,
  );
  const file = await readExport(response, format, options.expected ?? null, options.onProgress ?? (() => {}));
  saveFile(file.blob, fileName);
  return { fileName, rows: file.rows };
}
