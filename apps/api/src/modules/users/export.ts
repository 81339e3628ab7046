import type { ExportFormat, UserExportBody } from '@crossarm/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ServiceContext } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { type AdminScope, adminPolicy } from '../admin/policy.ts';
import { type ExportColumn, exportFileName, inBatches, sendExport } from '../exports/exporter.ts';
import { pageOfUsers, type UserFilter, type UserSummaryRow } from './repo.ts';

/** The columns of the user lists, in their order. */
const COLUMNS: ExportColumn<UserSummaryRow>[] = [
  { header: 'First name', value: (row) => row.first_name },
  { header: 'Last name', value: (row) => row.last_name },
  { header: 'E-mail', value: (row) => row.email, width: 34 },
  { header: 'Organization', value: (row) => row.organization_name, width: 30 },
  { header: 'Title', value: (row) => row.title, width: 24 },
  { header: 'Phone', value: (row) => row.phone, width: 16 },
  { header: 'Role', value: (row) => row.role, width: 10 },
  { header: 'Status', value: (row) => row.status, width: 10 },
  { header: 'Last sign-in', value: (row) => row.last_sign_in_at },
  { header: 'Created', value: (row) => row.created_at },
];

export async function exportUsers(
  ctx: ServiceContext,
  reply: FastifyReply,
  scope: AdminScope,
  format: ExportFormat,
  body: z.infer<typeof UserExportBody>,
  baseName = 'users',
) {
  if (!adminPolicy.viewUsers(ctx.session, scope)) throw forbidden();
  const filter: UserFilter = Array.isArray(body) ? { ids: body } : body;
  return sendExport(reply, {
    format,
    momentsIn: ctx.timeZone,
    fileName: exportFileName(baseName, format, new Date(), ctx.timeZone),
    sheetName: 'Users',
    columns: COLUMNS,
    rows: inBatches((limit, offset) => pageOfUsers(ctx.db, scope, filter, limit, offset)),
  });
}
