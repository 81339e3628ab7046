import { sql } from 'kysely';
import { formatPermitNumber } from '../../modules/permits/create.ts';
import { sniffPermitFile } from '../../modules/permits/files-sniff.ts';
import { insertProgress, insertValues } from '../../modules/permits/repo.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Trx } from '../database.ts';
import {
  type Application,
  chooseOutcome,
  type PlanContext,
  type PlannedPermit,
  planPermit,
} from './demo-permit-plan.ts';
import { newId } from './demo-permit-story.ts';
import { seeded } from './generate-town-poles.ts';

// The demo program's permits: about three hundred applications from both attachers over the last six
// months, in every status and stage, with their values, assignments, comments, files, reports, clocks and
// history. Each permit's story is told through the permit engine (demo-permit-plan.ts), then everything is
// written set-wise, a few statements per table, so seeding stays quick.

/** How many applications the demo program holds. */
export const DEMO_PERMIT_COUNT = 300;

/** The generator's seed: the same stories on every run. */
const SEED = 20_261_122;

/** The newest applications, just received, as the demo has always shown them. */
const RECENT: Omit<Application, 'poles' | 'street' | 'outcome' | 'tasksDone'>[] = [
  {
    applicant: 'fiber',
    location: 'Division St S from 2nd St to 5th St, Northfield',
    attachmentType: 'fiber',
    jobNumber: 'RF-2026-0142',
    ageDays: 4.2,
  },
  {
    applicant: 'fiber',
    location: 'Woodley St W between Washington St and Prairie St, Northfield',
    attachmentType: 'fiber',
    jobNumber: 'RF-2026-0157',
    ageDays: 3.1,
  },
  {
    applicant: 'fiber',
    location: 'Jefferson Pkwy east of Hwy 3, Northfield',
    attachmentType: 'fiber',
    jobNumber: 'RF-2026-0163',
    ageDays: 2.3,
  },
  {
    applicant: 'cable',
    location: 'Linden St N from 7th St to Greenvale Ave, Northfield',
    attachmentType: 'coax',
    jobNumber: 'VC-88412',
    ageDays: 1.4,
  },
  {
    applicant: 'cable',
    location: 'St Olaf Ave from Lincoln St to the college entrance, Northfield',
    attachmentType: 'coax',
    jobNumber: 'VC-88430',
    ageDays: 0.6,
  },
];
const RECENT_POLES = [14, 9, 22, 6, 11];

const DEMO_ATTACHERS = {
  fiber: {
    admin: 'maria.santos@ridgeline-fiber.example',
    member: 'tom.becker@ridgeline-fiber.example',
    code: 'ridgeline-fiber.example',
  },
  cable: {
    admin: 'alex.kim@valley-cable.example',
    member: 'jordan.lee@valley-cable.example',
    code: 'valley-cable.example',
  },
} as const;

/** A run of neighbouring poles along one street. */
function poleRun(random: () => number, streets: PlanContext['streets'], wanted?: number) {
  const usable = streets.filter((street) => street.poles.length >= 3);
  const street = usable[Math.floor(random() * usable.length)]!;
  const count = Math.min(street.poles.length, wanted ?? 3 + Math.floor(random() * 22));
  const start = Math.floor(random() * (street.poles.length - count + 1));
  return { street: street.name, poles: street.poles.slice(start, start + count) };
}

/** The applications, oldest first, so that their numbers follow the order they came in. */
function applications(random: () => number, context: PlanContext, taskCount: number): Application[] {
  const list: Application[] = RECENT.map((recent, index) => ({
    ...recent,
    ...poleRun(random, context.streets, RECENT_POLES[index]),
    outcome: 'Active',
    tasksDone: 0,
  }));
  for (let index = 0; list.length < DEMO_PERMIT_COUNT; index++) {
    const applicant = random() < 0.22 ? 'cable' : 'fiber';
    const { outcome, tasksDone } = chooseOutcome(random, taskCount);
    // The further along, the older: about a week to three weeks per task done.
    const min = 5 + tasksDone * 9;
    const max = Math.min(180, 12 + tasksDone * 21);
    const run = poleRun(random, context.streets);
    list.push({
      applicant,
      ...run,
      location: `${run.street}, poles ${run.poles[0]} to ${run.poles.at(-1)}, Northfield`,
      attachmentType: applicant === 'fiber' ? 'fiber' : random() < 0.8 ? 'coax' : 'wireless',
      jobNumber: applicant === 'fiber' ? `RF-2025-${String(1000 + index)}` : `VC-${87_000 + index}`,
      ageDays: min + random() * (max - min),
      outcome,
      tasksDone,
    });
  }
  return list.sort((a, b) => b.ageDays - a.ageDays);
}

async function loadContext(trx: Trx, projectId: string, orgIds: Map<string, string>): Promise<PlanContext> {
  const project = await trx
    .selectFrom('projects')
    .select('project_code')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const template = await trx
    .selectFrom('workflow_templates')
    .select(['id', 'version', 'definition'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'Published')
    .orderBy('version', 'desc')
    .executeTakeFirstOrThrow();
  const properties = new Map(
    (
      await trx
        .selectFrom('library_entries')
        .select(['id', 'name'])
        .where('application', '=', 'JointUse')
        .where('kind', '=', 'property')
        .execute()
    ).map((entry) => [entry.name, entry.id]),
  );
  const people = new Map(
    (
      await trx
        .selectFrom('users')
        .select(['id', 'email', sql<string>`first_name || ' ' || last_name`.as('name')])
        .execute()
    ).map((user) => [user.email, { id: user.id, name: user.name }]),
  );
  const person = (email: string) => people.get(email)!;
  const poles = await trx
    .selectFrom('project_poles')
    .select(['external_id', sql<string>`attributes->>'street'`.as('street')])
    .where('project_id', '=', projectId)
    .orderBy('external_id')
    .execute();
  const streets = new Map<string, string[]>();
  for (const pole of poles) streets.set(pole.street, [...(streets.get(pole.street) ?? []), pole.external_id]);
  const attacher = (key: 'fiber' | 'cable') => ({
    organizationId: orgIds.get(key)!,
    admin: person(DEMO_ATTACHERS[key].admin),
    member: person(DEMO_ATTACHERS[key].member),
    code: DEMO_ATTACHERS[key].code,
  });
  return {
    now: new Date(),
    projectId,
    projectCode: project.project_code,
    template,
    property: (name) => {
      const id = properties.get(name);
      if (!id) throw new Error(`The demo library has no property ${name}`);
      return id;
    },
    owner: {
      organizationId: orgIds.get('owner')!,
      manager: person('dana.owens@northfield-electric.example'),
      coordinator: person('lee.park@northfield-electric.example'),
    },
    attachers: { fiber: attacher('fiber'), cable: attacher('cable') },
    streets: [...streets].map(([name, ids]) => ({ name, poles: ids })),
  };
}

/** Writes the demo program's permits; the project's poles must be loaded first. */
export async function seedDemoPermits(
  trx: Trx,
  projectId: string,
  orgIds: Map<string, string>,
  storage: FileStorage,
) {
  const context = await loadContext(trx, projectId, orgIds);
  const random = seeded(SEED);
  const tasks = context.template.definition.stages.flatMap((stage) => stage.tasks);
  const plans = applications(random, context, tasks.length).map((application, index) =>
    planPermit(
      context,
      random,
      {
        id: newId(),
        projectId,
        permitNumber: formatPermitNumber(context.projectCode, index + 1),
        templateId: context.template.id,
        templateVersion: context.template.version,
        definition: context.template.definition,
      },
      application,
    ),
  );
  const files = plans.flatMap((plan) => plan.files);
  for (const file of files) await storage.put(`permit-file/${file.id}`, file.bytes);
  await writePermits(trx, context, plans);
}

/** Rows per statement, well under PostgreSQL's parameter limit for every table written here. */
const CHUNK = 2_000;

async function inserts<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

async function writePermits(trx: Trx, context: PlanContext, plans: PlannedPermit[]) {
  const { projectId, now } = context;
  const timers = plans.flatMap((plan) => plan.story.clocks(now, plan.closedAt));
  await inserts(plans, (chunk) =>
    trx
      .insertInto('permits')
      .values(
        chunk.map(({ story, application, organizationId, createdBy }) => ({
          id: story.permit.id,
          project_id: projectId,
          applicant_organization_id: organizationId,
          template_id: story.permit.templateId,
          permit_number: story.permit.permitNumber,
          status: story.status,
          on_hold_reason: story.onHoldReason,
          location: application.location,
          actual_poles: application.poles.length,
          active_stage_key: story.progress.activeStageKey,
          created_by: createdBy,
          created_at: story.createdAt,
          updated_at: story.lastActivityAt,
          last_activity_at: story.lastActivityAt,
          completed_at: story.completedAt,
        })),
      )
      .execute(),
  );
  await trx
    .insertInto('permit_counters')
    .values({ project_id: projectId, last_number: plans.length })
    .execute();
  await insertProgress(
    trx,
    projectId,
    plans.map(({ story }) => ({ permitId: story.permit.id, progress: story.progress })),
  );
  await insertValues(
    trx,
    plans.flatMap((plan) =>
      plan.values.map((value) => ({
        permit_id: plan.story.permit.id,
        project_id: projectId,
        property_entry_id: value.propertyEntryId,
        task_key: value.taskKey,
        value: JSON.stringify(value.value),
        updated_by: value.by,
        updated_at: value.at,
      })),
    ),
  );
  await writeFiles(trx, context, plans);
  await inserts(
    plans.flatMap((plan) =>
      plan.application.poles.map((externalId, position) => ({ plan, externalId, position })),
    ),
    (chunk) =>
      trx
        .insertInto('permit_poles')
        .values(
          chunk.map(({ plan, externalId, position }) => ({
            permit_id: plan.story.permit.id,
            project_id: projectId,
            external_id: externalId,
            position,
          })),
        )
        .execute(),
  );
  await inserts(
    plans.flatMap((plan) => plan.assignments.map((assignment) => ({ plan, assignment }))),
    (chunk) =>
      trx
        .insertInto('permit_task_assignments')
        .values(
          chunk.map(({ plan, assignment }) => ({
            permit_id: plan.story.permit.id,
            task_key: assignment.taskKey,
            user_id: assignment.userId,
            assigned_by: assignment.by,
            assigned_at: assignment.at,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute(),
  );
  await inserts(
    plans.flatMap((plan) => plan.cancelRequests.map((request) => ({ plan, request }))),
    (chunk) =>
      trx
        .insertInto('permit_cancel_requests')
        .values(
          chunk.map(({ plan, request }) => ({
            permit_id: plan.story.permit.id,
            project_id: projectId,
            reason: request.reason,
            requested_by: request.requestedBy,
            requested_at: request.requestedAt,
            status: request.status,
            decided_by: request.decidedBy,
            decided_at: request.decidedAt,
            decision_reason: request.decisionReason,
            previous_status: 'Active' as const,
          })),
        )
        .execute(),
  );
  await inserts(timers, (chunk) =>
    trx
      .insertInto('permit_timers')
      .values(
        chunk.map((row) => ({
          ...row,
          on_breach: JSON.stringify(row.on_breach),
          holds: JSON.stringify(row.holds),
        })),
      )
      .execute(),
  );
  await inserts(
    plans.flatMap((plan) => plan.story.activity),
    (chunk) => trx.insertInto('permit_activity').values(chunk).execute(),
  );
}

/** Comments, their mentions and read marks, the stored files and where each is attached, and the reports. */
async function writeFiles(trx: Trx, context: PlanContext, plans: PlannedPermit[]) {
  const { projectId } = context;
  // In the order they were written, as the running system numbers them (seq orders paging and lists).
  const comments = plans.flatMap((plan) => plan.comments).sort((a, b) => a.at.getTime() - b.at.getTime());
  await inserts(comments, (chunk) =>
    trx
      .insertInto('permit_comments')
      .values(
        chunk.map((comment) => ({
          id: comment.id,
          permit_id: comment.permitId,
          project_id: projectId,
          author_user_id: comment.authorId,
          author_organization_id: comment.organizationId,
          html: comment.html,
          created_at: comment.at,
        })),
      )
      .execute(),
  );
  const mentions = comments.flatMap((comment) =>
    comment.mentions.map((userId) => ({
      comment_id: comment.id,
      user_id: userId,
      permit_id: comment.permitId,
    })),
  );
  await inserts(mentions, (chunk) => trx.insertInto('permit_comment_mentions').values(chunk).execute());
  // Authors have read what they wrote.
  await inserts(comments, (chunk) =>
    trx
      .insertInto('permit_comment_reads')
      .values(
        chunk.map((c) => ({ user_id: c.authorId, comment_id: c.id, permit_id: c.permitId, read_at: c.at })),
      )
      .execute(),
  );
  const files = plans.flatMap((plan) => plan.files);
  const purpose = (file: (typeof files)[number]) =>
    'permit' in file.place ? 'permit-file' : 'commentId' in file.place ? 'permit-comment' : 'permit-report';
  await inserts(files, (chunk) =>
    trx
      .insertInto('stored_files')
      .values(
        chunk.map((file) => ({
          id: file.id,
          organization_id: file.organizationId,
          purpose: purpose(file),
          original_name: file.name,
          content_type: sniffed(file).contentType,
          size_bytes: file.bytes.length,
          storage_key: `permit-file/${file.id}`,
          created_by: file.uploadedBy,
          created_at: file.at,
        })),
      )
      .execute(),
  );
  const onPermit = files.filter((file) => 'permit' in file.place);
  await inserts(onPermit, (chunk) =>
    trx
      .insertInto('permit_files')
      .values(
        chunk.map((file) => ({
          file_id: file.id,
          permit_id: file.permitId,
          project_id: projectId,
          file_type: sniffed(file).type,
          uploaded_by: file.uploadedBy,
          uploaded_by_organization_id: file.organizationId,
          uploaded_at: file.at,
        })),
      )
      .execute(),
  );
  const onComments = files.flatMap((file) =>
    'commentId' in file.place ? [{ file, place: file.place }] : [],
  );
  await inserts(onComments, (chunk) =>
    trx
      .insertInto('permit_comment_files')
      .values(
        chunk.map(({ file, place }) => ({
          comment_id: place.commentId,
          file_id: file.id,
          position: place.position,
        })),
      )
      .execute(),
  );
  const reports = plans.flatMap((plan) =>
    plan.reports.map((report) => ({
      ...report,
      latest: plan.reports.every((other) => other.at <= report.at),
    })),
  );
  await inserts(reports, (chunk) =>
    trx
      .insertInto('permit_reports')
      .values(
        chunk.map((report) => ({
          id: report.id,
          permit_id: report.permitId,
          project_id: projectId,
          file_id: report.fileId,
          design_id: report.designId,
          design_url: report.designUrl,
          is_latest: report.latest,
          created_by: report.createdBy,
          created_by_organization_id: report.organizationId,
          created_at: report.at,
        })),
      )
      .execute(),
  );
}

/** What the upload checks make of a demo file; every one of them must pass, as an upload would have to. */
function sniffed(file: { name: string; bytes: Buffer }) {
  const result = sniffPermitFile(file.name, file.bytes);
  if (!result) throw new Error(`The demo file ${file.name} would not pass the upload checks`);
  return result;
}
