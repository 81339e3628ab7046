import type { AuditRecord } from '@crossarm/shared';

/** One changed field of an audit record. */
export interface FieldChange {
  field: string;
  /** Null when the record was created (there was no before). */
  before: string | null;
  after: string;
}

/** Names of the records ids point at (organizations), to show instead of the ids. */
export type NameLookup = Readonly<Record<string, string>>;

const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2',
  postal_code: 'Postal code',
  contact_name: 'Contact name',
  contact_email: 'Contact e-mail',
  contact_phone: 'Contact phone',
  organization_id: 'Working organization',
  avatar_file_id: 'Avatar',
  logo_file_id: 'Logo',
  systemPermissions: 'System permissions',
  organizationPermissions: 'Organization permissions',
  organizationId: 'Organization',
  domainName: 'Domain',
  email: 'E-mail',
  organizations: 'Memberships',
};

/** Ids are not worth reading; the record says what they point at elsewhere. */
const HIDDEN = new Set(['id', 'updated_at', 'created_at']);

export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isImageField(field: string): boolean {
  return field.endsWith('file_id');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function named(value: string, names: NameLookup): string {
  if (!UUID.test(value)) return value;
  return names[value] ?? `#${value.slice(0, 8)}`;
}

function describeItem(item: unknown, names: NameLookup): string {
  if (typeof item !== 'object' || item === null) return named(String(item), names);
  const record = item as Record<string, unknown>;
  const label = typeof record.id === 'string' ? named(record.id, names) : '';
  const rest = Object.entries(record)
    .filter(([key]) => key !== 'id')
    .map(([, value]) => (Array.isArray(value) ? value.join(', ') || 'none' : String(value)))
    .join(' ');
  return label && rest ? `${label} (${rest})` : label || rest;
}

/** A value as short text: blank as '—', ids as names, lists joined. */
export function displayValue(value: unknown, names: NameLookup = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value.map((item) => describeItem(item, names)).join('; ');
  }
  if (typeof value === 'object') return describeItem(value, names);
  return named(String(value), names);
}

/** The fields that differ between before and after (a creation lists what was set). */
export function changedFields(
  record: Pick<AuditRecord, 'before' | 'after'>,
  names: NameLookup = {},
): FieldChange[] {
  const created = record.before === null;
  const before = record.before ?? {};
  const after = record.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !HIDDEN.has(field))
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({
      field: fieldLabel(field),
      before: created
        ? null
        : isImageField(field)
          ? before[field]
            ? 'image'
            : '—'
          : displayValue(before[field], names),
      after: isImageField(field) ? (after[field] ? 'new image' : '—') : displayValue(after[field], names),
    }));
}

/** 'user.profile-updated' reads 'Profile updated'; 'organization.created' reads 'Organization created'. */
export function actionLabel(action: string): string {
  const [subject = '', verb = ''] = action.split('.');
  const words = (verb || subject).replace(/-/g, ' ');
  const text = ['created', 'updated', 'deleted'].includes(words) ? `${subject} ${words}` : words;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
