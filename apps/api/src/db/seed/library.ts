import type { PropertyDefinition } from '@crossarm/shared';
import type { Db, Trx } from '../database.ts';

// A starter Joint Use library for the demo world: the steps a pole attachment application goes through,
// the work inside them, the units permits are measured in, and the properties a permit carries. Task
// durations follow the federal timelines for attachments (calendar days; the completeness review is
// counted here as two calendar weeks).

const STAGES: [string, string][] = [
  ['Application Review', 'The pole owner checks the application is complete.'],
  ['Field Survey', 'The poles are surveyed and the application is granted or denied.'],
  ['Make-Ready Engineering', 'The work needed to make room on each pole is designed.'],
  ['Estimate & Payment', 'The attacher accepts and pays the make-ready estimate.'],
  ['Make-Ready Construction', 'Existing attachers move their equipment; poles are replaced where needed.'],
  ['Attachment', 'The attacher installs its equipment.'],
  ['Post-Construction Inspection', 'The pole owner inspects the finished attachments.'],
];

const TASKS: [string, string, number | null][] = [
  ['Completeness Review', 'Confirm the application has everything the owner needs.', 14],
  ['Pole Survey', 'Survey each pole in the application.', 45],
  ['Grant or Deny', 'Decide on the application after the survey.', null],
  ['Make-Ready Estimate', 'Estimate the make-ready charges.', 14],
  ['Estimate Acceptance', 'The attacher accepts the estimate and pays.', 14],
  ['Existing Attacher Transfers', 'Existing attachers move their equipment.', 30],
  ['Install Attachment', 'The attacher installs its equipment on the poles.', null],
  ['Inspection', 'Inspect the attachments after construction.', 90],
];

const UNITS: [string, string][] = [
  ['ft', 'Feet'],
  ['in', 'Inches'],
  ['poles', 'A number of poles'],
  ['USD', 'US dollars'],
  ['days', 'Calendar days'],
];

const PROPERTIES: [string, string | null, PropertyDefinition][] = [
  [
    'Pole Count',
    'Poles named in the application.',
    { fieldType: 'Number', renderOptions: { unit: 'poles', min: 1, decimals: 0 } },
  ],
  [
    'Attachment Height',
    'Height of the new attachment above ground.',
    { fieldType: 'Number', renderOptions: { unit: 'ft', min: 0, max: 120, decimals: 1 } },
  ],
  [
    'Fee per Pole',
    'Application fee charged per pole.',
    { fieldType: 'Number', renderOptions: { unit: 'USD', min: 0, decimals: 2 } },
  ],
  [
    'Application Fee',
    'Pole count times the fee per pole.',
    {
      fieldType: 'Expression',
      renderOptions: { formula: 'round({Pole Count} * {Fee per Pole}, 2)', resultType: 'Number' },
    },
  ],
  [
    'Attachment Type',
    'What is being attached.',
    {
      fieldType: 'Dropdown',
      renderOptions: {
        options: [
          { value: 'fiber', label: 'Fiber' },
          { value: 'coax', label: 'Coaxial cable' },
          { value: 'copper', label: 'Copper' },
          { value: 'wireless', label: 'Wireless equipment' },
        ],
      },
    },
  ],
  [
    'Make-Ready Required',
    'Whether existing attachments must move first.',
    {
      fieldType: 'Radio',
      renderOptions: {
        options: [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ],
      },
    },
  ],
  ['Survey Date', null, { fieldType: 'Date', renderOptions: {} }],
  [
    'Design Documents',
    'Construction drawings and pole loading analysis.',
    { fieldType: 'File', renderOptions: { acceptedTypes: ['.pdf', '.dwg', '.xlsx'], maxSizeMb: 50 } },
  ],
  ['Field Contact', 'Who the crews call on site.', { fieldType: 'User', renderOptions: { multiple: false } }],
  ['Contact Email', null, { fieldType: 'Email', renderOptions: {} }],
  ['Contact Phone', null, { fieldType: 'Phone', renderOptions: {} }],
  [
    'Overlashing',
    'The attacher overlashes existing cable.',
    { fieldType: 'Checkbox', renderOptions: { defaultChecked: false } },
  ],
  [
    'Attacher Job Number',
    "The attacher's own reference for the work.",
    { fieldType: 'Text', renderOptions: { maxLength: 40, placeholder: 'e.g. RF-2026-0142' } },
  ],
  [
    'Inspection Notes',
    'What the inspector found.',
    { fieldType: 'TextArea', renderOptions: { maxLength: 4000 } },
  ],
  ['Notes', 'Anything reviewers should know.', { fieldType: 'TextArea', renderOptions: { maxLength: 4000 } }],
];

/** Seeds the starter Joint Use library. */
export async function seedLibrary(db: Trx | Db): Promise<void> {
  const now = new Date();
  const common = { application: 'JointUse' as const, updated_at: now };
  await db
    .insertInto('library_entries')
    .values([
      ...STAGES.map(([name, description]) => ({ ...common, kind: 'stage' as const, name, description })),
      ...TASKS.map(([name, description, days]) => ({
        ...common,
        kind: 'task' as const,
        name,
        description,
        default_duration_days: days,
      })),
      ...UNITS.map(([name, description]) => ({ ...common, kind: 'unit' as const, name, description })),
      ...PROPERTIES.map(([name, description, definition]) => ({
        ...common,
        kind: 'property' as const,
        name,
        description,
        field_type: definition.fieldType,
        render_options: JSON.stringify(definition.renderOptions),
      })),
    ])
    .execute();
}
