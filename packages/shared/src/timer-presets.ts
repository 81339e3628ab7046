import { z } from 'zod';
import { LIBRARY_DESCRIPTION_MAX, LIBRARY_NAME_MAX } from './library.ts';
import { PresetTimer } from './workflow.ts';

// Ready-made timers a designer applies to a stage or task. The federal pole attachment deadlines ship with
// the product; an organization saves its own (a state's rule, its own service levels). Applying a preset
// copies its settings into the template's timer and keeps the preset's id there for reference; task
// references are then chosen in the template.

/** Where a preset comes from: shipped with the product, or saved by the caller's organization. */
export const TimerPresetSource = z.enum(['Federal', 'Organization']);
export type TimerPresetSource = z.infer<typeof TimerPresetSource>;

export interface FederalTimerPreset {
  id: string;
  name: string;
  description: string;
  timer: PresetTimer;
}

/**
 * A timer that runs from when its task can begin until it is completed, paused while on hold; when it runs
 * out the task is flagged and its assignees and the pole owner are told.
 */
function taskClock(durationDays: number, dayKind: PresetTimer['dayKind'] = 'Calendar'): PresetTimer {
  return {
    durationDays,
    dayKind,
    startsOn: { event: 'TaskReadyToBegin' },
    stopsOn: { event: 'TaskCompleted' },
    pausesOnHold: true,
    onBreach: { flag: true, notify: ['Assignees', 'PoleOwner'] },
  };
}

/**
 * The federal pole attachment deadlines (47 CFR 1.1411). About two dozen states and DC set their own
 * rules, and cooperatives and municipal utilities are exempt: organizations save presets for those.
 */
export const FEDERAL_TIMER_PRESETS: readonly FederalTimerPreset[] = [
  {
    id: 'federal-completeness-review',
    name: 'Federal: application completeness review',
    description:
      '47 CFR 1.1411(c)(1): the utility decides within 10 business days of receiving an application whether it is complete; otherwise the application is deemed complete.',
    timer: { ...taskClock(10, 'Business'), startsOn: { event: 'PermitCreated' } },
  },
  {
    id: 'federal-survey',
    name: 'Federal: survey and response',
    description:
      '47 CFR 1.1411(c): the utility surveys the poles and grants or denies access within 45 days of a complete application.',
    timer: taskClock(45),
  },
  {
    id: 'federal-survey-larger-order',
    name: 'Federal: survey and response, larger order',
    description:
      "47 CFR 1.1411(c) and (g): 60 days for larger orders (the lesser of 3,000 poles or 5% of the utility's poles in the state).",
    timer: taskClock(60),
  },
  {
    id: 'federal-estimate',
    name: 'Federal: make-ready estimate',
    description:
      '47 CFR 1.1411(d): the utility presents a detailed estimate of make-ready charges within 14 days of its survey response.',
    timer: taskClock(14),
  },
  {
    id: 'federal-make-ready-communications',
    name: 'Federal: make-ready, communications space',
    description:
      '47 CFR 1.1411(e): make-ready in the communications space is completed within 30 days of the notice to existing attachers.',
    timer: taskClock(30),
  },
  {
    id: 'federal-make-ready-above-communications',
    name: 'Federal: make-ready, above the communications space',
    description:
      '47 CFR 1.1411(e): make-ready above the communications space (and wireless attachments) is completed within 90 days of the notice.',
    timer: taskClock(90),
  },
  {
    id: 'federal-make-ready-above-communications-extension',
    name: 'Federal: make-ready extension, above the communications space',
    description:
      '47 CFR 1.1411(e): the utility may assert its right to 15 more days to finish make-ready above the communications space.',
    timer: taskClock(15),
  },
];

/** `POST projects/timer-presets`: an organization's own preset; the name is unique in the organization. */
export const TimerPresetInput = z.object({
  name: z.string().trim().min(1, 'Required').max(LIBRARY_NAME_MAX, `At most ${LIBRARY_NAME_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(LIBRARY_DESCRIPTION_MAX, `At most ${LIBRARY_DESCRIPTION_MAX} characters`)
    .nullish()
    .transform((value) => value || null),
  timer: PresetTimer,
});
export type TimerPresetInput = z.input<typeof TimerPresetInput>;

export const TimerPreset = z.object({
  /** A federal preset's fixed id, or the UUID of an organization's preset. */
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  source: TimerPresetSource,
  timer: PresetTimer,
  /** Organization presets only. */
  createdAt: z.string().nullable(),
});
export type TimerPreset = z.infer<typeof TimerPreset>;
