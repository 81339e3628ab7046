import type { ExportFormat, OrganizationExportBody } from '@crossarm/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ServiceContext } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { adminPolicy } from '../admin/policy.ts';
import { type ExportColumn, exportFileName, inBatches, sendExport } from '../exports/exporter.ts';
import { type OrganizationFilter, pageOfOrganizations } from './repo.ts';

type Row = Awaited<ReturnType<typeof pageOfOrganizations>>[number];

/** The columns of the organizations list, in its order. */
const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name, width: 36 },
  { header: 'City', value: (row) => row.city },
  { header: 'State', value: (row) => row.state, width: 10 },
  { header: 'Contact', value: (row) => row.contact_name },
  { header: 'Contact e-mail', value: (row) => row.contact_email, width: 30 },
  { header: 'Contact phone', value: (row) => row.contact_phone, width: 16 },
  { header: 'Website', value: (row) => row.website, width: 30 },
  { header: 'Applications', value: (row) => (row.applications ?? []).join(', '), width: 30 },
  { header: 'Users', value: (row) => Number(row.user_count ?? 0), width: 8 },
  { header: 'Created', value: (row) => row.created_at, width: 20 },
];

/** The export body: an array of ids (empty for all), or the list's filter and sort. */
export function exportFilter(body: z.infer<typeof OrganizationExportBody>): OrganizationFilter {
  return Array.isArray(body) ? { ids: body } : body;
}

export async function exportOrganizations(
  ctx: ServiceContext,
  reply: FastifyReply,
  format: ExportFormat,
  body: z.infer<typeof OrganizationExportBody>,
) {
  if (!adminPolicy.viewOrganizations(ctx.session)) throw forbidden();
  const filter = exportFilter(body);
  return sendExport(reply, {
    format,
    momentsIn: ctx.timeZone,
    fileName: exportFileName('organizations', format, new Date(), ctx.timeZone),
    sheetName: 'Organizations',
    columns: COLUMNS,
    rows: inBatches((limit, offset) => pageOfOrganizations(ctx.db, filter, limit, offset)),
  });
}
