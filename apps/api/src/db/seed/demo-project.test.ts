import { FieldType, PermitStatus, validateTemplateForPublish, WorkflowDefinition } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { entriesOf } from '../../modules/workflows/present.ts';
import { seedDemo } from './demo.ts';
import { DEMO_PERMIT_COUNT } from './demo-permits.ts';
import { DEMO_PROJECT } from './demo-project.ts';

let t: TestApp;
let projectId: string;
let dana: string;
let seedMs = 0;
/** The permit reads that take their filters in a body. */
const POSTED = new Set(['activity', 'files/overview']);

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await seedDemo(t.db, t.app.storage);
  seedMs = performance.now() - started;
  projectId = (
    await t.db
      .selectFrom('projects')
      .select('id')
      .where('project_code', '=', DEMO_PROJECT.code)
      .executeTakeFirstOrThrow()
  ).id;
  dana = (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dana.owens@northfield-electric.example')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);
afterAll(() => t.close());

describe('the demo joint use program', () => {
  it('has the pole owner and both attachers, with terms one of them has accepted', async () => {
    const project = (await t.injectAs(dana, { method: 'GET', url: `/api/projects/${projectId}` })).json()
      .data;
    expect(project.name).toBe(DEMO_PROJECT.name);
    expect(project.contributors.map((c: { role: string }) => c.role).sort()).toEqual([
      'AttacherOrg',
      'AttacherOrg',
      'PoleOwner',
    ]);
    const acceptances = await t.db.selectFrom('project_terms_acceptances').selectAll().execute();
    expect(acceptances).toHaveLength(1);
  });

  it('runs a published federal-process template that passes the publish checks and uses every field type', async () => {
    const template = await t.db
      .selectFrom('workflow_templates')
      .innerJoin('workflow_template_groups as g', 'g.id', 'workflow_templates.group_id')
      .select(['workflow_templates.definition', 'workflow_templates.status', 'g.status as group_status'])
      .where('workflow_templates.project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect([template.status, template.group_status]).toEqual(['Published', 'Active']);
    const definition = WorkflowDefinition.parse(template.definition);
    const entries = await entriesOf(t.db, definition);
    expect(
      validateTemplateForPublish(definition, { libraryEntries: entries, application: 'JointUse' }),
    ).toEqual([]);
    expect(definition.stages.map((s) => s.name)).toEqual([
      'Application Review',
      'Field Survey',
      'Estimate & Payment',
      'Make-Ready Construction',
      'Attachment',
      'Post-Construction Inspection',
    ]);
    expect(
      definition.stages.flatMap((s) => s.tasks.filter((task) => task.timer)).length,
    ).toBeGreaterThanOrEqual(4);
    const propertyIds = [
      ...definition.applicationForm,
      ...definition.stages.flatMap((s) => s.tasks.flatMap((task) => task.properties)),
    ].map((p) => p.libraryEntryId);
    const types = await t.db
      .selectFrom('library_entries')
      .select('field_type')
      .distinct()
      .where('id', 'in', propertyIds)
      .execute();
    expect(types.map((row) => row.field_type).sort()).toEqual([...FieldType.options].sort());
  });

  it('holds a few hundred poles and spans around Northfield, Minnesota', async () => {
    const metadata = (
      await t.injectAs(dana, { method: 'GET', url: `/api/joint-use/projects/${projectId}/map/metadata` })
    ).json().data;
    expect(JSON.stringify(metadata)).toBeTruthy();
    const counts = await t.db
      .selectFrom('project_poles')
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.min('lat').as('lat'),
        eb.fn.min('lon').as('lon'),
      ])
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBeGreaterThanOrEqual(200);
    expect(Number(counts.lat)).toBeGreaterThan(44.3);
    expect(Number(counts.lon)).toBeGreaterThan(-93.3);
    const spans = await t.db
      .selectFrom('project_spans')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(Number(spans.n)).toBeGreaterThanOrEqual(200);
  });

  it('holds a few hundred permits from both attachers in every status, numbered in the program', async () => {
    const summary = (
      await t.injectAs(dana, { method: 'GET', url: `/api/projects/${projectId}/summary` })
    ).json().data;
    expect(summary.totalPermits).toBe(DEMO_PERMIT_COUNT);
    const permits = await t.db
      .selectFrom('permits')
      .innerJoin('organizations', 'organizations.id', 'permits.applicant_organization_id')
      .select(['permits.permit_number', 'permits.status', 'permits.created_at', 'organizations.name'])
      .where('permits.project_id', '=', projectId)
      .orderBy('permits.permit_number')
      .execute();
    expect(permits[0]?.permit_number).toBe('NEC-JU-000001');
    expect(permits.at(-1)?.permit_number).toBe(`NEC-JU-000${DEMO_PERMIT_COUNT}`);
    expect(new Set(permits.map((p) => p.name)).size).toBe(2);
    expect(new Set(permits.map((p) => p.status))).toEqual(new Set(PermitStatus.options));
    const ages = permits.map((p) => (Date.now() - p.created_at.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(120);
    expect(Math.max(...ages)).toBeLessThanOrEqual(181);
    // Numbers follow the order the applications came in.
    expect(permits.map((p) => p.created_at.getTime())).toEqual(
      [...permits.map((p) => p.created_at.getTime())].sort((a, b) => a - b),
    );
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
  });

  it('has an Active permit in every stage, and permits whose stages and tasks agree', async () => {
    const active = await t.db
      .selectFrom('permits as p')
      .innerJoin('permit_stages as s', (join) =>
        join.onRef('s.permit_id', '=', 'p.id').onRef('s.stage_key', '=', 'p.active_stage_key'),
      )
      .select(['s.name', 's.status'])
      .distinct()
      .where('p.project_id', '=', projectId)
      .where('p.status', '=', 'Active')
      .execute();
    expect(new Set(active.map((row) => row.name)).size).toBe(6);
    expect(new Set(active.map((row) => row.status))).toEqual(new Set(['Active']));
    const completedOpen = await t.db
      .selectFrom('permits as p')
      .innerJoin('permit_stages as s', 's.permit_id', 'p.id')
      .select('p.id')
      .where('p.status', '=', 'Completed')
      .where('s.status', '!=', 'Completed')
      .execute();
    expect(completedOpen).toEqual([]);
  });

  it('has comments with mentions, files, reports, assignments, clocks and breaches with their history', async () => {
    const count = async (
      table:
        | 'permit_comments'
        | 'permit_comment_mentions'
        | 'permit_files'
        | 'permit_reports'
        | 'permit_task_assignments'
        | 'permit_poles'
        | 'permit_cancel_requests',
    ) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('permit_comments')).toBeGreaterThan(100);
    expect(await count('permit_comment_mentions')).toBeGreaterThan(10);
    expect(await count('permit_files')).toBeGreaterThanOrEqual(DEMO_PERMIT_COUNT);
    expect(await count('permit_reports')).toBeGreaterThan(30);
    expect(await count('permit_task_assignments')).toBeGreaterThan(100);
    expect(await count('permit_poles')).toBeGreaterThan(DEMO_PERMIT_COUNT * 3);
    const pending = await t.db.selectFrom('permit_cancel_requests').select('status').distinct().execute();
    expect(pending.map((row) => row.status).sort()).toEqual(['Approved', 'Pending', 'Rejected']);
    const kinds = await t.db.selectFrom('permit_activity').select('kind').distinct().execute();
    expect(kinds.map((row) => row.kind)).toEqual(
      expect.arrayContaining([
        'PermitCreated',
        'TaskCompleted',
        'StageStarted',
        'StageCompleted',
        'TaskStarted',
        'PropertyChanged',
        'TaskAssigned',
        'CommentAdded',
        'FileUploaded',
        'PermitAddOnHold',
        'PermitRemoveOnHold',
        'PermitCancelRequested',
        'PermitCancelApproved',
        'PermitCancelRejected',
        'PermitCompleted',
        'TaskChanged',
      ]),
    );
    const breached = await t.db
      .selectFrom('permit_timers')
      .select('permit_id')
      .where('flagged', '=', true)
      .execute();
    expect(breached.length).toBeGreaterThan(10);
    const oldest = await t.db
      .selectFrom('permit_activity')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .executeTakeFirstOrThrow();
    expect(new Date(oldest.at as Date).getTime()).toBeGreaterThan(Date.now() - 181 * 86_400_000);
  });

  it('reads permits through the API as the pole owner, and only its own as an attacher', async () => {
    const maria = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'maria.santos@ridgeline-fiber.example')
        .executeTakeFirstOrThrow()
    ).id;
    const rows = await t.db
      .selectFrom('permits as p')
      .innerJoin('organizations as o', 'o.id', 'p.applicant_organization_id')
      .select(['p.id', 'p.permit_number', 'p.status', 'o.name'])
      .where('p.project_id', '=', projectId)
      .orderBy('p.permit_number')
      .execute();
    const ridgeline = rows.filter((row) => row.name === 'Ridgeline Fiber');
    const valley = rows.filter((row) => row.name !== 'Ridgeline Fiber');
    const sample = [
      ...['Active', 'OnHold', 'CancelRequested', 'Cancelled', 'Completed'].map(
        (status) => ridgeline.find((row) => row.status === status)!,
      ),
      valley[0]!,
    ];
    for (const permit of sample) {
      for (const path of ['header', 'tracker-header', 'activity', 'files/overview', 'comments', 'timers']) {
        const response = await t.injectAs(dana, {
          method: POSTED.has(path) ? 'POST' : 'GET',
          url: `/api/joint-use/permit/${permit.id}/${path}`,
          ...(POSTED.has(path) ? { payload: {} } : {}),
        });
        expect([permit.permit_number, path, response.statusCode]).toEqual([permit.permit_number, path, 200]);
      }
    }
    const activity = (
      await t.injectAs(dana, {
        method: 'POST',
        url: `/api/joint-use/permit/${sample[4]!.id}/activity`,
        payload: {},
      })
    ).json().data;
    expect(JSON.stringify(activity)).toContain('was completed');
    const files = (
      await t.injectAs(maria, {
        method: 'POST',
        url: `/api/joint-use/permit/${sample[0]!.id}/files/overview`,
        payload: {},
      })
    ).json().data;
    expect(JSON.stringify(files)).toContain('-design.pdf');
    expect(
      (await t.injectAs(maria, { method: 'GET', url: `/api/joint-use/permit/${sample[0]!.id}/header` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.injectAs(maria, { method: 'GET', url: `/api/joint-use/permit/${valley[0]!.id}/header` }))
        .statusCode,
    ).toBe(404);
    const summary = (
      await t.injectAs(maria, { method: 'GET', url: `/api/projects/${projectId}/summary` })
    ).json().data;
    expect(summary.totalPermits).toBe(ridgeline.length);
  });
});
