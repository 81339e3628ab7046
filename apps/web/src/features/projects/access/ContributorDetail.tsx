import type { ProjectRestriction } from '@crossarm/shared';
import { Box, Stack, Tabs } from '@mantine/core';
import type { Contributor } from '../api';
import { ContributorPermissionsSection } from './ContributorPermissionsSection';
import { PeopleTable } from './PeopleTable';
import { RestrictionSection } from './RestrictionSection';
import type { ContributorAbilities } from './setup-abilities';

interface ContributorDetailProps {
  projectId: string;
  contributor: Contributor;
  abilities: ContributorAbilities;
  restriction: ProjectRestriction | null;
  lifting: boolean;
  onLift: () => void;
  onRestrictionsChanged: (restrictions: ProjectRestriction[]) => void;
}

/** Under a contributor's row: its permissions and restriction, and its people with their own permissions. */
export function ContributorDetail(props: ContributorDetailProps) {
  const { projectId, contributor, abilities } = props;
  const access = (
    <Stack gap="md">
      <ContributorPermissionsSection
        projectId={projectId}
        contributor={contributor}
        canManage={abilities.manage}
      />
      {/* The pole owner runs the project: only attachers can be restricted. */}
      {contributor.role === 'AttacherOrg' ? (
        <RestrictionSection
          projectId={projectId}
          contributor={contributor}
          restriction={props.restriction}
          canManage={abilities.manage}
          lifting={props.lifting}
          onLift={props.onLift}
          onSaved={props.onRestrictionsChanged}
        />
      ) : null}
    </Stack>
  );
  return (
    <Box p="md" bg="var(--mantine-color-default-hover)">
      {abilities.managePeople ? (
        <Tabs defaultValue="access" keepMounted={false} variant="pills" radius="md">
          <Tabs.List mb="md" aria-label={`${contributor.organizationName} details`}>
            <Tabs.Tab value="access">Permissions and restriction</Tabs.Tab>
            <Tabs.Tab value="people">People</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="access">{access}</Tabs.Panel>
          <Tabs.Panel value="people">
            <PeopleTable projectId={projectId} contributor={contributor} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        access
      )}
    </Box>
  );
}
