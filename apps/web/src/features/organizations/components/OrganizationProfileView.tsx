import { formatDateTime, type Organization } from '@crossarm/shared';
import { Anchor, DataList, Paper, SimpleGrid, Title } from '@mantine/core';
import { ApplicationBadges } from './ApplicationBadges';
import { ProfileField } from './ProfileField';

interface OrganizationProfileViewProps {
  organization: Organization;
}

function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** An organization's profile, read only: address, contact and record. */
export function OrganizationProfileView({ organization: o }: OrganizationProfileViewProps) {
  const cityLine = [[o.city, o.state].filter(Boolean).join(', '), o.postalCode].filter(Boolean).join(' ');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="sm" fw={600} mb="sm">
          Address
        </Title>
        <DataList size="sm" gap={6} labelWidth={130}>
          <ProfileField label="Address">
            {[o.addressLine1, o.addressLine2].filter(Boolean).join('\n') || null}
          </ProfileField>
          <ProfileField label="City">{cityLine || null}</ProfileField>
          <ProfileField label="Country">{o.country}</ProfileField>
        </DataList>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="sm" fw={600} mb="sm">
          Contact
        </Title>
        <DataList size="sm" gap={6} labelWidth={130}>
          <ProfileField label="Name">{o.contactName}</ProfileField>
          <ProfileField label="E-mail">
            {o.contactEmail ? (
              <Anchor href={`mailto:${o.contactEmail}`} size="sm">
                {o.contactEmail}
              </Anchor>
            ) : null}
          </ProfileField>
          <ProfileField label="Phone">{o.contactPhone}</ProfileField>
          <ProfileField label="Website">
            {o.website ? (
              <Anchor href={websiteHref(o.website)} target="_blank" rel="noopener noreferrer" size="sm">
                {o.website}
              </Anchor>
            ) : null}
          </ProfileField>
        </DataList>
      </Paper>
      <Paper withBorder radius="md" p="md" style={{ gridColumn: '1 / -1' }}>
        <DataList size="sm" gap={6} labelWidth={130}>
          <ProfileField label="Applications">
            <ApplicationBadges applications={o.applications} />
          </ProfileField>
          <ProfileField label="Users">{String(o.userCount)}</ProfileField>
          <ProfileField label="Created">{formatDateTime(o.createdAt)}</ProfileField>
          <ProfileField label="Last changed">{formatDateTime(o.updatedAt)}</ProfileField>
        </DataList>
      </Paper>
    </SimpleGrid>
  );
}
