import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { PhoneInput } from '../../../components/forms/PhoneInput';
import type { FieldProps } from '../../../lib/forms/use-form-state';
import type { OrganizationFormValues } from '../organization-form';

interface OrganizationFormFieldsProps {
  field: (key: keyof OrganizationFormValues & string) => FieldProps;
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Title order={3} fz="xs" tt="uppercase" c="dimmed" fw={600} mt="xs">
      {children}
    </Title>
  );
}

/** The text fields of an organization's profile, grouped: name, address, contact. */
export function OrganizationFormFields({ field }: OrganizationFormFieldsProps) {
  return (
    <Stack gap="sm">
      <TextInput label="Name" required data-autofocus autoComplete="organization" {...field('name')} />
      <SectionTitle>Address</SectionTitle>
      <TextInput label="Address line 1" autoComplete="address-line1" {...field('addressLine1')} />
      <TextInput label="Address line 2" autoComplete="address-line2" {...field('addressLine2')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="City" autoComplete="address-level2" {...field('city')} />
        <TextInput label="State" autoComplete="address-level1" {...field('state')} />
        <TextInput label="Postal code" autoComplete="postal-code" {...field('postalCode')} />
        <TextInput label="Country" autoComplete="country-name" {...field('country')} />
      </SimpleGrid>
      <SectionTitle>Contact</SectionTitle>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Contact name" autoComplete="name" {...field('contactName')} />
        <TextInput label="Contact e-mail" type="email" autoComplete="email" {...field('contactEmail')} />
        <PhoneInput label="Contact phone" {...field('contactPhone')} />
        <TextInput
          label="Website"
          placeholder="https://utility.example"
          autoComplete="url"
          {...field('website')}
        />
      </SimpleGrid>
    </Stack>
  );
}
