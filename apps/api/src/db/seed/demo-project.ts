import { randomUUID } from 'node:crypto';
import {
  FEDERAL_TIMER_PRESETS,
  type ProjectRole,
  projectPermissionsFor,
  type TemplateStage,
  type TemplateTask,
  type Timer,
  type WorkflowDefinition,
} from '@crossarm/shared';
import type { Trx } from '../database.ts';

// The demo pole owner's joint use program: both demo attachers take part, and its one workflow follows the
// federal pole attachment process (intake and completeness, survey, estimate and acceptance, make-ready,
// attachment, inspection) with the federal deadlines as timers.

export const DEMO_PROJECT = { name: 'Northfield Joint Use Program', code: 'NEC-JU' };

const TERMS_HTML = `<h2>Northfield Electric Cooperative: pole attachment terms</h2>
<p>By applying, the attacher agrees to the cooperative's pole attachment agreement and its construction
standards (NESC, latest edition), including:</p>
<ul>
<li>no work on a pole before the permit is granted and make-ready is complete;</li>
<li>make-ready charges are paid in advance on the accepted estimate;</li>
<li>a post-construction inspection within 90 days of completion, at the attacher's cost when it fails.</li>
</ul>
<p>Questions: <a href="mailto:jointuse@northfield-electric.example">jointuse@northfield-electric.example</a></p>`;

type Ids = Map<string, string>;

/** A timer from a federal preset, optionally started by another event. */
function federalTimer(presetId: string, startsOn?: Timer['startsOn']): Timer {
  const preset = FEDERAL_TIMER_PRESETS.find((p) => p.id === presetId);
  if (!preset) throw new Error(`Unknown federal preset ${presetId}`);
  return { ...preset.timer, startsOn: startsOn ?? preset.timer.startsOn, presetId };
}

interface TaskSpec {
  name: string;
  required?: boolean;
  after?: string[];
  properties?: [string, boolean][];
  assignee: ProjectRole;
  timer?: Timer;
}

function buildStage(entries: Ids, name: string, specs: TaskSpec[]): TemplateStage {
  const keys = new Map(specs.map((spec) => [spec.name, randomUUID()]));
  const tasks: TemplateTask[] = specs.map((spec) => ({
    key: keys.get(spec.name)!,
    libraryEntryId: entries.get(`task:${spec.name}`)!,
    name: spec.name,
    required: spec.required ?? true,
    dependsOn: (spec.after ?? []).map((task) => keys.get(task)!),
    properties: (spec.properties ?? []).map(([property, required]) => ({
      libraryEntryId: entries.get(`property:${property}`)!,
      required,
    })),
    defaultAssignees: [{ kind: 'OrganizationRole', role: spec.assignee }],
    timer: spec.timer,
  }));
  return { key: randomUUID(), libraryEntryId: entries.get(`stage:${name}`)!, name, tasks };
}

/** The federal process as a template, built from the demo library's entries. */
export function federalProcessDefinition(entries: Ids): WorkflowDefinition {
  const stage = (name: string, specs: TaskSpec[]) => buildStage(entries, name, specs);
  return {
    stages: [
      stage('Application Review', [
        {
          name: 'Completeness Review',
          assignee: 'PoleOwner',
          properties: [['Notes', false]],
          timer: federalTimer('federal-completeness-review'),
        },
      ]),
      stage('Field Survey', [
        {
          name: 'Pole Survey',
          assignee: 'PoleOwner',
          properties: [
            ['Survey Date', true],
            ['Make-Ready Required', true],
          ],
          timer: federalTimer('federal-survey'),
        },
        { name: 'Grant or Deny', assignee: 'PoleOwner', after: ['Pole Survey'] },
      ]),
      stage('Estimate & Payment', [
        {
          name: 'Make-Ready Estimate',
          assignee: 'PoleOwner',
          properties: [['Fee per Pole', true]],
          timer: federalTimer('federal-estimate'),
        },
        { name: 'Estimate Acceptance', assignee: 'AttacherOrg', after: ['Make-Ready Estimate'] },
      ]),
      stage('Make-Ready Construction', [
        {
          name: 'Existing Attacher Transfers',
          assignee: 'PoleOwner',
          timer: federalTimer('federal-make-ready-communications'),
        },
      ]),
      stage('Attachment', [
        { name: 'Install Attachment', assignee: 'AttacherOrg', properties: [['Attachment Height', true]] },
      ]),
      stage('Post-Construction Inspection', [
        { name: 'Inspection', assignee: 'PoleOwner', properties: [['Inspection Notes', false]] },
      ]),
    ],
    applicationForm: [
      ['Attacher Job Number', false],
      ['Attachment Type', true],
      ['Pole Count', true],
      ['Fee per Pole', false],
      ['Application Fee', false],
      ['Overlashing', false],
      ['Field Contact', false],
      ['Contact Email', true],
      ['Contact Phone', false],
      ['Design Documents', true],
      ['Notes', false],
    ].map(([name, required]) => ({
      libraryEntryId: entries.get(`property:${name}`)!,
      required: required as boolean,
    })),
  };
}

/** The joint use program, its contributors, terms and published workflow. Returns the project's id. */
export async function seedDemoProject(
  trx: Trx,
  orgIds: Ids,
  userId: (email: string) => Promise<string>,
): Promise<string> {
  const dana = await userId('dana.owens@northfield-electric.example');
  const maria = await userId('maria.santos@ridgeline-fiber.example');
  const entries: Ids = new Map(
    (await trx.selectFrom('library_entries').select(['id', 'kind', 'name']).execute()).map((e) => [
      `${e.kind}:${e.name}`,
      e.id,
    ]),
  );
  const { id: projectId } = await trx
    .insertInto('projects')
    .values({
      owner_organization_id: orgIds.get('owner')!,
      name: DEMO_PROJECT.name,
      project_code: DEMO_PROJECT.code,
      description:
        'Attachments to Northfield Electric Cooperative poles in and around Northfield, Minnesota.',
      created_by: dana,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contributors: [string, ProjectRole][] = [
    ['owner', 'PoleOwner'],
    ['fiber', 'AttacherOrg'],
    ['cable', 'AttacherOrg'],
  ];
  await trx
    .insertInto('project_organizations')
    .values(
      contributors.map(([key, role]) => ({
        project_id: projectId,
        organization_id: orgIds.get(key)!,
        role,
        permissions: projectPermissionsFor(role),
      })),
    )
    .execute();
  const terms = await trx
    .insertInto('project_terms')
    .values({ project_id: projectId, version: 1, html_content: TERMS_HTML, created_by: dana })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Ridgeline has accepted the terms; Valley Cable has not yet, so its first application asks for them.
  await trx
    .insertInto('project_terms_acceptances')
    .values({ terms_id: terms.id, organization_id: orgIds.get('fiber')!, accepted_by: maria })
    .execute();
  const group = await trx
    .insertInto('workflow_template_groups')
    .values({
      project_id: projectId,
      name: 'Pole Attachment Application',
      status: 'Active',
      created_by: dana,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('workflow_templates')
    .values({
      project_id: projectId,
      group_id: group.id,
      version: 1,
      status: 'Published',
      definition: JSON.stringify(federalProcessDefinition(entries)),
      created_by: dana,
      published_at: new Date(),
      published_by: dana,
    })
    .execute();
  return projectId;
}
