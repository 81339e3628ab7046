import { z } from 'zod';

// Files and design reports attached to a permit. A file's kind is decided from its bytes (with the name's
// extension choosing among formats that share a container, such as the zip-based ones), never from the name
// alone.

/** The kinds of file a permit accepts. */
export const PermitFileType = z.enum([
  'Pdf',
  'Image',
  'Document',
  'Spreadsheet',
  'Drawing',
  'Text',
  'Map',
  'Archive',
]);
export type PermitFileType = z.infer<typeof PermitFileType>;

/** The largest file a permit accepts. */
export const MAX_PERMIT_FILE_BYTES = 100 * 1024 * 1024;

export const PermitFileSortColumn = z.enum(['name', 'size', 'uploadedAt', 'uploadedBy', 'type']);
export type PermitFileSortColumn = z.infer<typeof PermitFileSortColumn>;

/** `POST joint-use/permit/{id}/files/overview`. */
export const PermitFilesQuery = z.object({
  /** Only files of these kinds; all kinds when absent or empty. */
  FileTypes: z.array(PermitFileType).max(PermitFileType.options.length).optional(),
  /** Newest first when absent. */
  sortColumn: PermitFileSortColumn.optional(),
  sortAsc: z.boolean().optional(),
});
export type PermitFilesQuery = z.infer<typeof PermitFilesQuery>;

/** `POST joint-use/permit/{id}/files/overview/export/zip`: the listed files, or every file the filter keeps. */
export const PermitFilesExport = PermitFilesQuery.extend({
  /** Only these files (still within the filter); every listed file when absent. */
  fileIds: z.array(z.uuid()).min(1).max(1000).optional(),
});
export type PermitFilesExport = z.infer<typeof PermitFilesExport>;

export const PermitFilePerson = z.object({ id: z.uuid(), name: z.string() });

/** A permit's file as the files list shows it. */
export const PermitFile = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  contentType: z.string(),
  type: PermitFileType,
  uploadedAt: z.iso.datetime(),
  uploadedBy: PermitFilePerson.nullable(),
  uploadedByOrganizationId: z.uuid(),
  /** Whether the caller may delete it: its uploader's organization, or the pole owner's permit managers. */
  canDelete: z.boolean(),
});
export type PermitFile = z.infer<typeof PermitFile>;

/** A design id: letters, digits and dashes, 3 to 64 characters. */
export const DesignId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,64}$/, 'Letters, digits and dashes, 3 to 64 characters');

/** An http(s) address of a design. */
export const DesignUrl = z.url({ protocol: /^https?$/, error: 'An http or https address' }).max(2000);

/** The fields of `POST joint-use/permit/{id}/report` when it links a design instead of uploading a file. */
export const PermitReportLink = z.object({
  designId: DesignId,
  designUrl: DesignUrl.optional(),
});
export type PermitReportLink = z.infer<typeof PermitReportLink>;

/** `GET joint-use/reports/validate-design-url`. */
export const DesignUrlQuery = z.object({
  designId: z.string().max(200),
  designUrl: z.string().max(2000).optional(),
});

export const DesignUrlCheck = z.object({
  valid: z.boolean(),
  /** Why it is not valid. */
  message: z.string().nullable(),
});
export type DesignUrlCheck = z.infer<typeof DesignUrlCheck>;

/** A permit's design report: an uploaded file (downloaded as a permit file) or a linked design. */
export const PermitReport = z.object({
  id: z.uuid(),
  /** The file's name, or the design id. */
  name: z.string(),
  fileId: z.uuid().nullable(),
  size: z.number().int().nullable(),
  designId: z.string().nullable(),
  designUrl: z.string().nullable(),
  isLatest: z.boolean(),
  createdAt: z.iso.datetime(),
  createdBy: PermitFilePerson.nullable(),
  /** Whether the caller may delete it: the organization that added it, or the pole owner's permit managers. */
  canDelete: z.boolean(),
});
export type PermitReport = z.infer<typeof PermitReport>;
