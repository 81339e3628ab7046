import { AgolInput, type AgolSettings, type GeodataWriteResult, ValidateLayerQuery } from '@crossarm/shared';
import type { FormErrors } from '../../../lib/forms/use-form-state';

/** The ArcGIS layer form as typed: every field a string. */
export interface AgolValues extends Record<string, string> {
  url: string;
  layerName: string;
  layerId: string;
  spansLayerName: string;
  spansLayerId: string;
}

export const EMPTY_AGOL: AgolValues = {
  url: '',
  layerName: '',
  layerId: '',
  spansLayerName: '',
  spansLayerId: '',
};

/** The form filled from the saved settings (the address as it was typed, not the resolved service). */
export function agolValues(settings: AgolSettings | null): AgolValues {
  if (!settings) return EMPTY_AGOL;
  return {
    url: settings.url,
    layerName: settings.layerName,
    layerId: String(settings.layerId),
    spansLayerName: settings.spansLayerName ?? '',
    spansLayerId: settings.spansLayerId === null ? '' : String(settings.spansLayerId),
  };
}

/** The issues of a failed parse, as the shared schemas report them. */
interface ParseIssues {
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;
}

function messagesOf(error: ParseIssues): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

// A blank number would coerce to layer 0: blank is missing, not zero.
const blankLayerId = (values: AgolValues): FormErrors =>
  values.layerId.trim() ? {} : { layerId: 'Required' };

/** The form's problems by the API's own rules, one message per field. */
export function validateAgol(values: AgolValues): FormErrors {
  const parsed = AgolInput.safeParse(values);
  return { ...(parsed.success ? {} : messagesOf(parsed.error)), ...blankLayerId(values) };
}

/** The body to save, or null while the form has problems. */
export function agolBody(values: AgolValues): AgolInput | null {
  const parsed = AgolInput.safeParse(values);
  return parsed.success && values.layerId.trim() ? parsed.data : null;
}

/** What Validate checks (the poles layer), or the problems of those three fields. */
export function validationQuery(values: AgolValues): { query: ValidateLayerQuery } | { errors: FormErrors } {
  const parsed = ValidateLayerQuery.safeParse({
    url: values.url,
    layerName: values.layerName,
    layerId: values.layerId,
  });
  const errors = { ...(parsed.success ? {} : messagesOf(parsed.error)), ...blankLayerId(values) };
  return parsed.success && Object.keys(errors).length === 0 ? { query: parsed.data } : { errors };
}

const GEOMETRY_LABELS: Record<string, string> = {
  esriGeometryPoint: 'Points',
  esriGeometryMultipoint: 'Multipoints',
  esriGeometryPolyline: 'Lines',
  esriGeometryPolygon: 'Polygons',
};

/** 'esriGeometryPoint' reads 'Points'; unknown types as ArcGIS names them. */
export function geometryLabel(type: string | null): string {
  if (!type) return 'Unknown';
  return GEOMETRY_LABELS[type] ?? type;
}

/** The counts of a sync or an import, in the order they are shown. */
export function writeResultCounts(result: GeodataWriteResult) {
  const counts = [
    { label: 'Added', value: result.added },
    { label: 'Updated', value: result.updated },
    { label: 'Removed', value: result.removed },
    { label: 'Unchanged', value: result.unchanged },
  ];
  return result.skipped > 0 ? [...counts, { label: 'Skipped', value: result.skipped }] : counts;
}

/** One line for a notification: '3 poles added, 1 updated, 0 removed, 2 unchanged.' */
export function writeResultSentence(result: GeodataWriteResult): string {
  const noun =
    result.kind === 'poles' ? (result.added === 1 ? 'pole' : 'poles') : result.added === 1 ? 'span' : 'spans';
  const skipped = result.skipped ? `, ${result.skipped} skipped` : '';
  return `${result.added} ${noun} added, ${result.updated} updated, ${result.removed} removed, ${result.unchanged} unchanged${skipped}.`;
}
