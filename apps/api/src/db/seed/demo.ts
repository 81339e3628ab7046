import type {
  Application,
  OrganizationPermission,
  SystemPermission,
  UserRole,
  UserStatus,
} from '@crossarm/shared';
import {
  OrganizationPermission as OrgPermissionEnum,
  SystemPermission as SystemPermissionEnum,
} from '@crossarm/shared';
import { parseConfig } from '../../config.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { createLocalStorage, type FileStorage } from '../../storage/file-storage.ts';
import type { Db, Trx } from '../database.ts';
import { seedDemoPeople } from './demo-people.ts';
import { seedDemoPermits } from './demo-permits.ts';
import { seedDemoProject } from './demo-project.ts';
import { seedLibrary } from './library.ts';
import { PRIVACY_POLICY_V1, TERMS_OF_SERVICE_V1 } from './policies.ts';
import { seedProjectPoles } from './project-poles.ts';

/** The shared password of every demo account. */
export const DEMO_PASSWORD = 'Crossarm-demo-2026';

interface DemoOrganization {
  key: string;
  name: string;
  city: string;
  state: string;
  website: string;
  applications: Application[];
}

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  organization: string | null;
  role: UserRole;
  status: UserStatus;
  systemPermissions?: readonly SystemPermission[];
  organizationPermissions?: readonly OrganizationPermission[];
}

const ORGANIZATIONS: DemoOrganization[] = [
  {
    key: 'platform',
    name: 'Crossarm Operations',
    city: 'Denver',
    state: 'CO',
    website: 'https://www.crossarm.example.com',
    applications: ['JointUse', 'Engineering', 'Vegetation', 'Resilience', 'Geospatial'],
  },
  {
    key: 'owner',
    name: 'Northfield Electric Cooperative',
    city: 'Northfield',
    state: 'MN',
    website: 'https://www.northfield-electric.example.com',
    applications: ['JointUse', 'Engineering', 'Vegetation', 'Geospatial'],
  },
  {
    key: 'fiber',
    name: 'Ridgeline Fiber',
    city: 'Rochester',
    state: 'MN',
    website: 'https://www.ridgeline-fiber.example.com',
    applications: ['JointUse', 'Geospatial'],
  },
  {
    key: 'cable',
    name: 'Valley Cable Communications',
    city: 'Mankato',
    state: 'MN',
    website: 'https://www.valley-cable.example.com',
    applications: ['JointUse'],
  },
];

const ALL_ORG = OrgPermissionEnum.options;
const MEMBER_ORG: OrganizationPermission[] = ['ViewOrganizationInfo', 'ViewUsers'];

/** The demo accounts; every one signs in with DEMO_PASSWORD. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@crossarm.example',
    firstName: 'Sam',
    lastName: 'Rivera',
    title: 'Platform administrator',
    organization: 'platform',
    role: 'Admin',
    status: 'Active',
    systemPermissions: SystemPermissionEnum.options,
    organizationPermissions: ALL_ORG,
  },
  {
    email: 'dana.owens@northfield-electric.example',
    firstName: 'Dana',
    lastName: 'Owens',
    title: 'Joint use manager',
    organization: 'owner',
    role: 'Admin',
    status: 'Active',
    systemPermissions: ['ManageProjects'],
    organizationPermissions: ALL_ORG,
  },
  {
    email: 'lee.park@northfield-electric.example',
    firstName: 'Lee',
    lastName: 'Park',
    title: 'Joint use coordinator',
    organization: 'owner',
    role: 'User',
    status: 'Active',
    organizationPermissions: MEMBER_ORG,
  },
  {
    email: 'maria.santos@ridgeline-fiber.example',
    firstName: 'Maria',
    lastName: 'Santos',
    title: 'Permitting lead',
    organization: 'fiber',
    role: 'Admin',
    status: 'Active',
    organizationPermissions: ALL_ORG,
  },
  {
    email: 'tom.becker@ridgeline-fiber.example',
    firstName: 'Tom',
    lastName: 'Becker',
    title: 'Field engineer',
    organization: 'fiber',
    role: 'User',
    status: 'Active',
    organizationPermissions: MEMBER_ORG,
  },
  {
    email: 'alex.kim@valley-cable.example',
    firstName: 'Alex',
    lastName: 'Kim',
    title: 'Construction manager',
    organization: 'cable',
    role: 'Admin',
    status: 'Active',
    organizationPermissions: ALL_ORG,
  },
  {
    email: 'jordan.lee@valley-cable.example',
    firstName: 'Jordan',
    lastName: 'Lee',
    title: 'Permit specialist',
    organization: 'cable',
    role: 'User',
    status: 'Active',
    organizationPermissions: MEMBER_ORG,
  },
  {
    email: 'pat.quinn@northfield-electric.example',
    firstName: 'Pat',
    lastName: 'Quinn',
    title: 'Former coordinator',
    organization: 'owner',
    role: 'User',
    status: 'Inactive',
    organizationPermissions: MEMBER_ORG,
  },
  {
    email: 'casey.morgan@crossarm.example',
    firstName: 'Casey',
    lastName: 'Morgan',
    title: 'Consultant',
    organization: null,
    role: 'User',
    status: 'Active',
  },
];

/** True when the database holds no users yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

/** Seeds the legal policies every installation needs, if none exist. */
export async function seedPolicies(trx: Trx | Db) {
  await trx
    .insertInto('terms_of_service')
    .values({ version: 1, html_content: TERMS_OF_SERVICE_V1 })
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
  await trx
    .insertInto('privacy_policies')
    .values({ version: 1, html_content: PRIVACY_POLICY_V1 })
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
}

/**
 * Creates the demo world: the named demo accounts, more organizations and people, the library, and the pole
 * owner's joint use program with its workflow, terms, poles, spans and permits. The permits' files go to
 * `storage`, by default the configured files directory.
 */
export async function seedDemo(db: Db, storage?: FileStorage): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let projectId = '';
  let demoOrgIds = new Map<string, string>();
  await db.transaction().execute(async (trx) => {
    await seedPolicies(trx);
    await seedLibrary(trx);
    const orgIds = new Map<string, string>();
    for (const org of ORGANIZATIONS) {
      const { id } = await trx
        .insertInto('organizations')
        .values({
          name: org.name,
          city: org.city,
          state: org.state,
          country: 'US',
          website: org.website,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orgIds.set(org.key, id);
      await trx
        .insertInto('organization_applications')
        .values(org.applications.map((application) => ({ organization_id: id, application })))
        .execute();
    }
    for (const user of DEMO_USERS) {
      await insertUser(
        trx,
        user,
        user.organization ? (orgIds.get(user.organization) ?? null) : null,
        passwordHash,
      );
    }
    await seedDemoPeople(trx, passwordHash);
    projectId = await seedDemoProject(trx, orgIds, async (email) => {
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return user.id;
    });
    demoOrgIds = orgIds;
  });
  // The program's poles and spans around Northfield, loaded the way a GeoJSON import loads them.
  await seedProjectPoles(db, projectId);
  // Then its permits, which name those poles.
  const files = storage ?? createLocalStorage(parseConfig().filesDir);
  await db.transaction().execute((trx) => seedDemoPermits(trx, projectId, demoOrgIds, files));
}

async function insertUser(trx: Trx, user: DemoUser, organizationId: string | null, passwordHash: string) {
  const { id } = await trx
    .insertInto('users')
    .values({
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      title: user.title,
      status: user.status,
      role: user.role,
      organization_id: organizationId,
      password_hash: passwordHash,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (user.systemPermissions?.length) {
    await trx
      .insertInto('user_system_permissions')
      .values(user.systemPermissions.map((permission) => ({ user_id: id, permission })))
      .execute();
  }
  if (organizationId) {
    await trx
      .insertInto('user_organizations')
      .values({ user_id: id, organization_id: organizationId })
      .execute();
    if (user.organizationPermissions?.length) {
      await trx
        .insertInto('user_organization_permissions')
        .values(
          user.organizationPermissions.map((permission) => ({
            user_id: id,
            organization_id: organizationId,
            permission,
          })),
        )
        .execute();
    }
  }
}
