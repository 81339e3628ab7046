import { FieldType, validateTemplateForPublish, WorkflowDefinition } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { entriesOf } from '../../modules/workflows/present.ts';
import { seedDemo } from './demo.ts';
import { DEMO_PROJECT } from './demo-project.ts';

let t: TestApp;
let projectId: string;
let dana: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
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

  it("has both attachers' applications in the first stage, numbered in the program", async () => {
    const summary = (
      await t.injectAs(dana, { method: 'GET', url: `/api/projects/${projectId}/summary` })
    ).json().data;
    expect(summary.totalPermits).toBe(5);
    expect(summary.activeStageDistribution).toEqual([{ stageName: 'Application Review', count: 5 }]);
    const permits = await t.db
      .selectFrom('permits')
      .innerJoin('organizations', 'organizations.id', 'permits.applicant_organization_id')
      .select(['permits.permit_number', 'organizations.name'])
      .where('permits.project_id', '=', projectId)
      .orderBy('permits.permit_number')
      .execute();
    expect(permits.map((p) => p.permit_number)).toEqual([1, 2, 3, 4, 5].map((n) => `NEC-JU-00000${n}`));
    expect(new Set(permits.map((p) => p.name)).size).toBe(2);
  });
});
