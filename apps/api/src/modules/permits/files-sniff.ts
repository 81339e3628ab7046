import type { PermitFileType } from '@crossarm/shared';
import { unzipSync } from 'fflate';
import { sniffImageType } from '../../storage/sniff.ts';

/** What an accepted file is: its kind and the content type it is stored and served with. */
export interface SniffedFile {
  type: PermitFileType;
  contentType: string;
}

const startsWith = (bytes: Buffer, text: string) =>
  bytes.subarray(0, text.length).toString('latin1') === text;

const isZip = (bytes: Buffer) => startsWith(bytes, 'PK\u0003\u0004') || startsWith(bytes, 'PK\u0005\u0006');

/** The names inside a zip, read from its directory without inflating anything; null when it is not one. */
function zipNames(bytes: Buffer): string[] | null {
  if (!isZip(bytes)) return null;
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        names.push(entry.name);
        return false;
      },
    });
  } catch {
    return null;
  }
  return names;
}

/**
 * Text a browser could take for a page or a program is refused even under a text name: HTML, SVG, and
 * anything with NUL bytes or invalid UTF-8.
 */
function isPlainText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  // A multi-byte character cut at 4096 bytes decodes to one replacement character at the very end.
  if (text.slice(0, -1).includes('\uFFFD')) return false;
  return !/^\s*(<!doctype\s+html|<html|<head|<body|<script|<svg|<iframe)/i.test(text.replace(/^\uFEFF/, ''));
}

const isKml = (bytes: Buffer) =>
  isPlainText(bytes) &&
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<kml[\s>]/i.test(
    bytes
      .subarray(0, 4096)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  );

type Check = (bytes: Buffer) => SniffedFile | null;

const when =
  (test: (bytes: Buffer) => boolean, type: PermitFileType, contentType: string): Check =>
  (bytes) =>
    test(bytes) ? { type, contentType } : null;

const zipHolding =
  (prefix: string, type: PermitFileType, contentType: string): Check =>
  (bytes) =>
    zipNames(bytes)?.some((name) => name.startsWith(prefix)) ? { type, contentType } : null;

/** What each accepted extension must hold; the bytes decide, the extension only picks what to look for. */
const BY_EXTENSION: Record<string, Check> = {
  pdf: when((b) => startsWith(b, '%PDF-'), 'Pdf', 'application/pdf'),
  png: image,
  jpg: image,
  jpeg: image,
  gif: image,
  webp: image,
  tif: tiff,
  tiff: tiff,
  dwg: when((b) => /^AC10\d\d$/.test(b.subarray(0, 6).toString('latin1')), 'Drawing', 'image/vnd.dwg'),
  docx: zipHolding(
    'word/',
    'Document',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ),
  xlsx: zipHolding('xl/', 'Spreadsheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  kmz: (b) => (zipNames(b)?.some((name) => name.toLowerCase().endsWith('.kml')) ? kmz : null),
  zip: when((b) => zipNames(b) !== null, 'Archive', 'application/zip'),
  csv: when(isPlainText, 'Spreadsheet', 'text/csv; charset=utf-8'),
  txt: when(isPlainText, 'Text', 'text/plain; charset=utf-8'),
  kml: when(isKml, 'Map', 'application/vnd.google-earth.kml+xml'),
};

const kmz: SniffedFile = { type: 'Map', contentType: 'application/vnd.google-earth.kmz' };

function image(bytes: Buffer): SniffedFile | null {
  const contentType = sniffImageType(bytes);
  return contentType ? { type: 'Image', contentType } : null;
}

function tiff(bytes: Buffer): SniffedFile | null {
  const little = startsWith(bytes, 'II*\u0000');
  const big = bytes.subarray(0, 4).equals(Buffer.from([0x4d, 0x4d, 0x00, 0x2a]));
  return little || big ? { type: 'Image', contentType: 'image/tiff' } : null;
}

/** The extensions accepted, for messages. */
export const ACCEPTED_EXTENSIONS = Object.keys(BY_EXTENSION);

/**
 * The kind of an uploaded file, or null when it is not one accepted: the name must end in an accepted
 * extension and the bytes must be that format, so a program or a page named report.pdf is refused.
 */
export function sniffPermitFile(filename: string, bytes: Buffer): SniffedFile | null {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const check = extension ? BY_EXTENSION[extension] : undefined;
  return check ? check(bytes) : null;
}
