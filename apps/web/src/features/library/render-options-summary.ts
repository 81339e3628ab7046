import { type FieldType, type LibraryEntry, propertyDefinitionOf } from '@crossarm/shared';

export const fieldTypeLabels: Record<FieldType, string> = {
  Text: 'Text',
  TextArea: 'Text area',
  Number: 'Number',
  Date: 'Date',
  Checkbox: 'Checkbox',
  Radio: 'Radio buttons',
  Dropdown: 'Dropdown',
  Email: 'Email',
  Phone: 'Phone',
  File: 'File',
  User: 'User',
  Expression: 'Expression',
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function range(min?: number, max?: number): string | null {
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  if (min !== undefined) return `at least ${min}`;
  if (max !== undefined) return `at most ${max}`;
  return null;
}

/** A short line about a property's render options, for the table. */
export function describeRenderOptions(entry: Pick<LibraryEntry, 'fieldType' | 'renderOptions'>): string {
  const definition = propertyDefinitionOf(entry);
  if (!definition) return '';
  const { fieldType, renderOptions: o } = definition;
  const parts: (string | null | undefined)[] = [];
  switch (fieldType) {
    case 'Text':
    case 'TextArea':
      parts.push(
        o.maxLength ? `up to ${o.maxLength} characters` : null,
        o.placeholder ? `“${o.placeholder}”` : null,
      );
      break;
    case 'Number':
      parts.push(
        o.unit,
        range(o.min, o.max),
        o.decimals !== undefined ? plural(o.decimals, 'decimal') : null,
      );
      break;
    case 'Radio':
    case 'Dropdown':
      parts.push(
        `${plural(o.options.length, 'option')}: ${o.options.map((option) => option.label).join(', ')}`,
      );
      break;
    case 'Checkbox':
      parts.push(o.defaultChecked ? 'checked by default' : null);
      break;
    case 'File':
      parts.push(
        o.acceptedTypes?.length ? o.acceptedTypes.join(', ') : null,
        o.maxSizeMb ? `up to ${o.maxSizeMb} MB` : null,
      );
      break;
    case 'User':
      parts.push(o.multiple ? 'several users' : 'one user');
      break;
    case 'Expression':
      parts.push(`${o.resultType} = ${o.formula}`);
      break;
    default:
      break;
  }
  return parts.filter(Boolean).join(' · ');
}
