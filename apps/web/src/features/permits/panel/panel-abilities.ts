import { CLOSED_PERMIT_STATUSES, type PermitHeader } from '@crossarm/shared';

/** What the panel offers the caller. Each is true unless the permit's header says for sure it is not. */
export interface PanelAbilities {
  comment: boolean;
  /** Upload files and add reports: EditPermits on an open permit. */
  editFiles: boolean;
  export: boolean;
}

/** The panel's abilities from the permit's header; without a header everything is offered (the API decides). */
export function panelAbilities(
  header: Pick<PermitHeader, 'permissions' | 'status'> | undefined,
): PanelAbilities {
  if (!header) return { comment: true, editFiles: true, export: true };
  const closed = (CLOSED_PERMIT_STATUSES as readonly string[]).includes(header.status);
  return {
    comment: header.permissions.includes('CommentOnPermits'),
    editFiles: header.permissions.includes('EditPermits') && !closed,
    export: header.permissions.includes('ExportPermits'),
  };
}
