import { DesignId, DesignUrl } from '@crossarm/shared';

// The "link a design" form of a report: an id, and an address when the design lives elsewhere. Checked
// here as the server checks it; whether the address answers is asked of the server.

export interface DesignLinkInput {
  designId: string;
  designUrl: string;
}

export interface DesignLinkProblems {
  designId?: string;
  designUrl?: string;
}

/** Field problems of a design link, as the server would find them. */
export function designLinkProblems(input: DesignLinkInput): DesignLinkProblems {
  const problems: DesignLinkProblems = {};
  const id = DesignId.safeParse(input.designId);
  if (!input.designId.trim()) problems.designId = 'Enter the design id';
  else if (!id.success) problems.designId = id.error.issues[0]?.message ?? 'Not a design id';
  const url = input.designUrl.trim();
  if (url && !DesignUrl.safeParse(url).success) problems.designUrl = 'An http or https address';
  return problems;
}

/** The link to send: the trimmed id, and the address only when one is given. */
export function designLinkBody(input: DesignLinkInput): { designId: string; designUrl?: string } {
  const url = input.designUrl.trim();
  return { designId: input.designId.trim(), ...(url ? { designUrl: url } : {}) };
}
