import {
  type ExportFormat,
  effectiveProjectPermissions,
  PROJECT_ROLE_LABELS,
  ProjectPermission,
  type ProjectUserPermissionsExportBody,
} from '@crossarm/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ServiceContext } from '../../http/context.ts';
import { type ExportColumn, exportFileName, inBatches, sendExport } from '../exports/exporter.ts';
import { requirePeopleManager } from './permissions.ts';
import { pageOfUserPermissions, type UserPermissionsRow } from './permissions-repo.ts';
import { type ProjectFilter, pageOfVisibleProjects } from './repo.ts';

type ProjectExportRow = Awaited<ReturnType<typeof pageOfVisibleProjects>>[number];

/** The columns of the projects list, in its order. */
const PROJECT_COLUMNS: ExportColumn<ProjectExportRow>[] = [
  { header: 'Name', value: (row) => row.name, width: 36 },
  { header: 'ProjectCode', value: (row) => row.project_code, width: 16 },
  { header: 'Owner', value: (row) => row.owner_name, width: 30 },
  { header: 'Status', value: (row) => row.status, width: 10 },
  { header: 'Your role', value: (row) => PROJECT_ROLE_LABELS[row.my_role], width: 12 },
  {
    header: 'Contributors',
    value: (row) => row.contributors.map((contributor) => contributor.organizationName).join(', '),
    width: 40,
  },
  { header: 'Created', value: (row) => row.created_at },
];

/** Exports the caller's organization's projects that match the list's filter, in the list's order. */
export function exportProjects(
  ctx: ServiceContext,
  reply: FastifyReply,
  format: ExportFormat,
  filter: ProjectFilter,
) {
  const scope = { organizationId: ctx.session.organizationId!, userId: ctx.session.user.id };
  return sendExport(reply, {
    format,
    momentsIn: ctx.timeZone,
    fileName: exportFileName('projects', format, new Date(), ctx.timeZone),
    sheetName: 'Projects',
    columns: PROJECT_COLUMNS,
    rows: inBatches((limit, offset) => pageOfVisibleProjects(ctx.db, scope, filter, limit, offset)),
  });
}

const PERMISSION_LABELS: Record<ProjectPermission, string> = {
  ViewPermits: 'View permits',
  CreatePermits: 'Create permits',
  EditPermits: 'Edit permits',
  CommentOnPermits: 'Comment on permits',
  ExportPermits: 'Export permits',
  ManagePermits: 'Manage permits',
};

function userColumns(organization: ProjectPermission[]): ExportColumn<UserPermissionsRow>[] {
  return [
    { header: 'First name', value: (row) => row.first_name },
    { header: 'Last name', value: (row) => row.last_name },
    { header: 'E-mail', value: (row) => row.email, width: 34 },
    { header: 'Status', value: (row) => row.status, width: 10 },
    {
      header: 'Permissions from',
      value: (row) => (row.own_permissions ? 'Own' : 'Organization'),
      width: 16,
    },
    ...ProjectPermission.options.map(
      (permission): ExportColumn<UserPermissionsRow> => ({
        header: PERMISSION_LABELS[permission],
        value: (row) =>
          effectiveProjectPermissions(organization, row.own_permissions).includes(permission) ? 'Yes' : 'No',
        width: 12,
      }),
    ),
  ];
}

/** Exports a contributor organization's users with what each may do on the project. */
export async function exportUserPermissions(
  ctx: ServiceContext,
  reply: FastifyReply,
  format: ExportFormat,
  target: { projectId: string; organizationId: string },
  body: z.output<typeof ProjectUserPermissionsExportBody>,
) {
  const { projectId, organizationId } = target;
  const { contributor } = await requirePeopleManager(ctx, ctx.db, projectId, organizationId);
  return sendExport(reply, {
    format,
    momentsIn: ctx.timeZone,
    fileName: exportFileName('project-user-permissions', format, new Date(), ctx.timeZone),
    sheetName: 'User permissions',
    columns: userColumns(contributor.permissions),
    rows: inBatches((limit, offset) =>
      pageOfUserPermissions(ctx.db, projectId, organizationId, body, limit, offset),
    ),
  });
}
