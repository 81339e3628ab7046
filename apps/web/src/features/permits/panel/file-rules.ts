import { MAX_PERMIT_FILE_BYTES } from '@crossarm/shared';
import { isApiError } from '../../../lib/api/api-error';

// What a permit takes as a file. The server decides from the bytes; the browser checks the name and size
// first so an obvious mistake is caught before the upload starts.

/** The extensions a permit file may have. */
export const PERMIT_FILE_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'tif',
  'tiff',
  'dwg',
  'docx',
  'xlsx',
  'kmz',
  'zip',
  'csv',
  'txt',
  'kml',
] as const;

/** The file picker's `accept`. */
export const PERMIT_FILE_ACCEPT = PERMIT_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** For messages: "PDF, PNG, …". */
export const PERMIT_FILE_KINDS_TEXT = PERMIT_FILE_EXTENSIONS.map((extension) => extension.toUpperCase()).join(
  ', ',
);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why the file cannot be uploaded, judged by its name and size, or null when it may be tried. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (file.size > MAX_PERMIT_FILE_BYTES) {
    return `${file.name} is larger than ${MAX_PERMIT_FILE_BYTES / 1024 / 1024} MB. Split or compress it.`;
  }
  if (file.size === 0) return `${file.name} is empty. Choose the file again.`;
  if (!(PERMIT_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return `${file.name} is not a kind of file a permit takes (${PERMIT_FILE_KINDS_TEXT}).`;
  }
  return null;
}

/** What went wrong with an upload, in words the user can act on. */
export function uploadFailureText(error: unknown): string {
  if (!isApiError(error)) return 'The upload failed. Check your connection and try again.';
  if (error.cancelled) return 'The upload was cancelled.';
  const field = error.errors.find((item) => item.message)?.message;
  if (error.status === 400 && field) return field;
  if (error.status === 413)
    return `The file is too large: at most ${MAX_PERMIT_FILE_BYTES / 1024 / 1024} MB.`;
  if (error.status === 0) return 'The server could not be reached. Check your connection and try again.';
  return error.detail || error.title;
}
