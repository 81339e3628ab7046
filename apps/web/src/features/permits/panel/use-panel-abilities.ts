import type { PermitHeader } from '@crossarm/shared';
import { skipToken, useQuery } from '@tanstack/react-query';
import { permitKeys } from '../permit-keys';
import { type PanelAbilities, panelAbilities } from './panel-abilities';

/** The panel's abilities, read from the permit header the page has loaded (never fetched from here). */
export function usePanelAbilities(permitId: string): PanelAbilities {
  const header = useQuery<PermitHeader>({ queryKey: permitKeys.header(permitId), queryFn: skipToken });
  return panelAbilities(header.data);
}
