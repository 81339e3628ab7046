import type { FieldError } from '@crossarm/shared';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './errors.ts';
import { refuseUnsafeInput } from './input-guard.ts';

/**
 * A file's name as sent, made safe to store and show: no path separators or control characters (NUL would
 * not fit a text column), at most 255 characters, never empty.
 */
export function cleanFileName(name: string): string {
  const printable = [...name.replace(/[\\/]/g, '_')].filter((char) => {
    const code = char.charCodeAt(0);
    return code > 0x1f && code !== 0x7f;
  });
  return printable.join('').slice(0, 255) || 'file';
}

export interface UploadedFile {
  field: string;
  filename: string;
  declaredType: string;
  data: Buffer;
}

export interface FormInput {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

/**
 * Reads a form sent as multipart (fields and files) or as JSON (fields only). Multipart text fields that
 * hold JSON (arrays, objects, booleans, numbers) are decoded, so both encodings validate with one schema.
 */
export async function readForm(request: FastifyRequest, maxFileBytes: number): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 5, fields: 50 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.file.truncated) {
        throw badRequest(`${part.fieldname} is larger than ${Math.round(maxFileBytes / 1_000_000)} MB.`, [
          {
            field: `body.${part.fieldname}`,
            message: `Larger than ${Math.round(maxFileBytes / 1_000_000)} MB`,
          },
        ]);
      }
      if (data.length > 0)
        files.push({
          field: part.fieldname,
          filename: cleanFileName(part.filename),
          declaredType: part.mimetype,
          data,
        });
    } else {
      fields[part.fieldname] = decodeField(String(part.value));
    }
  }
  return { fields, files };
}

function decodeField(value: string): unknown {
  const trimmed = value.trim();
  if (/^[[{]/.test(trimmed) || trimmed === 'true' || trimmed === 'false' || trimmed === 'null') {
    try {
      return JSON.parse(trimmed);
    } catch {
      return value;
    }
  }
  return value;
}

/** Validates form fields (refusing what `inputProblem` refuses) with a zod schema; failures are 400 problems naming each field. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.infer<T> {
  refuseUnsafeInput(fields, 'body');
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}
