import type { Application, OrganizationPermission, UserStatus } from '@crossarm/shared';
import type { Trx } from '../database.ts';

/** More organizations and people, so that the administration lists look like a real installation. */
const MORE_ORGANIZATIONS: {
  name: string;
  city: string;
  state: string;
  domain: string;
  applications: Application[];
}[] = [
  {
    name: 'Cedar Valley Electric',
    city: 'Cedar Falls',
    state: 'IA',
    domain: 'cedarvalley-electric.example',
    applications: ['JointUse', 'Vegetation', 'Resilience'],
  },
  {
    name: 'Lakeshore Municipal Utilities',
    city: 'Duluth',
    state: 'MN',
    domain: 'lakeshore-mu.example',
    applications: ['JointUse', 'Engineering'],
  },
  {
    name: 'Summit Wireless',
    city: 'Sioux Falls',
    state: 'SD',
    domain: 'summit-wireless.example',
    applications: ['JointUse'],
  },
  {
    name: 'BlueWave Fiber Networks',
    city: 'Fargo',
    state: 'ND',
    domain: 'bluewave-fiber.example',
    applications: ['JointUse', 'Geospatial'],
  },
  {
    name: 'Heartland Telephone Cooperative',
    city: 'Brainerd',
    state: 'MN',
    domain: 'heartland-tel.example',
    applications: ['JointUse'],
  },
];

const FIRST = [
  'Avery',
  'Blake',
  'Carmen',
  'Dev',
  'Elena',
  'Finn',
  'Grace',
  'Hugo',
  'Iris',
  'Jonas',
  'Kira',
  'Luis',
  'Mona',
  'Noah',
  'Opal',
  'Priya',
];
const LAST = [
  'Anders',
  'Brooks',
  'Chen',
  'Diaz',
  'Erikson',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ito',
  'Johnson',
  'Khan',
  'Larsen',
  'Moreno',
  'Nguyen',
  'Olsen',
  'Patel',
];
const TITLES = [
  'Joint use coordinator',
  'Field engineer',
  'Permit specialist',
  'Make-ready designer',
  'GIS analyst',
  'Construction manager',
];
const MEMBER: OrganizationPermission[] = ['ViewOrganizationInfo', 'ViewUsers'];
const ADMIN: OrganizationPermission[] = [
  'ViewOrganizationInfo',
  'ManageOrganizationInfo',
  'ViewUsers',
  'ManageUsers',
  'ViewApps',
];

/** The status of the n-th person of an organization: mostly Active, some Invited, one Inactive. */
function statusFor(index: number): UserStatus {
  if (index === 5) return 'Inactive';
  if (index >= 6) return 'Invited';
  return 'Active';
}

/** Adds the extra organizations, each with eight people; returns how many people were added. */
export async function seedDemoPeople(trx: Trx, passwordHash: string): Promise<number> {
  let added = 0;
  for (const [orgIndex, org] of MORE_ORGANIZATIONS.entries()) {
    const { id: organizationId } = await trx
      .insertInto('organizations')
      .values({
        name: org.name,
        city: org.city,
        state: org.state,
        country: 'US',
        // Websites live under example.com so that they pass the URL rule (a 2 to 6 letter top-level domain).
        website: `https://www.${org.domain}.com`,
        contact_email: `jointuse@${org.domain}`,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('organization_applications')
      .values(org.applications.map((application) => ({ organization_id: organizationId, application })))
      .execute();
    await trx
      .insertInto('organization_domains')
      .values({ organization_id: organizationId, domain_name: org.domain })
      .execute();
    for (let index = 0; index < 8; index++) {
      const first = FIRST[(orgIndex * 3 + index) % FIRST.length]!;
      const last = LAST[(orgIndex * 5 + index * 7) % LAST.length]!;
      const status = statusFor(index);
      const { id: userId } = await trx
        .insertInto('users')
        .values({
          email: `${first}.${last}@${org.domain}`.toLowerCase(),
          first_name: first,
          last_name: last,
          title: TITLES[(orgIndex + index) % TITLES.length]!,
          status,
          role: index === 0 ? 'Admin' : 'User',
          organization_id: organizationId,
          password_hash: status === 'Invited' ? null : passwordHash,
          last_sign_in_at:
            status === 'Active' ? new Date(Date.now() - (index + 1) * 36e5 * (orgIndex + 2)) : null,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_organizations')
        .values({ user_id: userId, organization_id: organizationId })
        .execute();
      await trx
        .insertInto('user_organization_permissions')
        .values(
          (index === 0 ? ADMIN : MEMBER).map((permission) => ({
            user_id: userId,
            organization_id: organizationId,
            permission,
          })),
        )
        .execute();
      added++;
    }
  }
  return added;
}
