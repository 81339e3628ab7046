import { createPermitRecord } from '../../modules/permits/create.ts';
import type { Trx } from '../database.ts';

// A few applications on the demo program, so that its overview, lists and migrations have permits to show:
// Ridgeline Fiber's and Valley Cable's, each just received (in the first stage).

interface DemoApplication {
  applicant: 'fiber' | 'cable';
  email: string;
  location: string;
  poles: number;
  attachmentType: string;
  jobNumber: string;
}

const APPLICATIONS: DemoApplication[] = [
  {
    applicant: 'fiber',
    email: 'maria.santos@ridgeline-fiber.example',
    location: 'Division St S from 2nd St to 5th St, Northfield',
    poles: 14,
    attachmentType: 'fiber',
    jobNumber: 'RF-2026-0142',
  },
  {
    applicant: 'fiber',
    email: 'maria.santos@ridgeline-fiber.example',
    location: 'Woodley St W between Washington St and Prairie St, Northfield',
    poles: 9,
    attachmentType: 'fiber',
    jobNumber: 'RF-2026-0157',
  },
  {
    applicant: 'fiber',
    email: 'maria.santos@ridgeline-fiber.example',
    location: 'Jefferson Pkwy east of Hwy 3, Northfield',
    poles: 22,
    attachmentType: 'fiber',
    jobNumber: 'RF-2026-0163',
  },
  {
    applicant: 'cable',
    email: 'alex.kim@valley-cable.example',
    location: 'Linden St N from 7th St to Greenvale Ave, Northfield',
    poles: 6,
    attachmentType: 'coax',
    jobNumber: 'VC-88412',
  },
  {
    applicant: 'cable',
    email: 'alex.kim@valley-cable.example',
    location: 'St Olaf Ave from Lincoln St to the college entrance, Northfield',
    poles: 11,
    attachmentType: 'coax',
    jobNumber: 'VC-88430',
  },
];

/** The demo applications on the program's published workflow, as applying creates them. */
export async function seedDemoPermits(trx: Trx, projectId: string, orgIds: Map<string, string>) {
  const template = await trx
    .selectFrom('workflow_templates')
    .select('id')
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
        .where('name', 'in', ['Pole Count', 'Attachment Type', 'Contact Email', 'Attacher Job Number'])
        .execute()
    ).map((entry) => [entry.name, entry.id]),
  );
  for (const application of APPLICATIONS) {
    const applicant = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', application.email)
      .executeTakeFirstOrThrow();
    const values: [string, unknown][] = [
      ['Pole Count', application.poles],
      ['Attachment Type', application.attachmentType],
      ['Contact Email', application.email],
      ['Attacher Job Number', application.jobNumber],
    ];
    await createPermitRecord(trx, {
      projectId,
      templateId: template.id,
      applicantOrganizationId: orgIds.get(application.applicant)!,
      createdBy: applicant.id,
      location: application.location,
      actualPoles: application.poles,
      applicationValues: values.map(([name, value]) => ({ propertyEntryId: properties.get(name)!, value })),
    });
  }
}
