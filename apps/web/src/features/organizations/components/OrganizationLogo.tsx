import { Avatar, type MantineSize } from '@mantine/core';
import { useApiImage } from '../../../components/use-api-image';

interface OrganizationLogoProps {
  name: string;
  logoUrl: string | null;
  size?: number | MantineSize;
}

/** An organization's logo, or its initials on a neutral tile. */
export function OrganizationLogo({ name, logoUrl, size = 24 }: OrganizationLogoProps) {
  const src = useApiImage(logoUrl);
  return (
    <Avatar
      src={src}
      alt=""
      name={name}
      color="initials"
      size={size}
      radius="sm"
      variant="light"
      styles={{ image: { objectFit: 'contain', background: 'var(--mantine-color-white)' } }}
    />
  );
}
