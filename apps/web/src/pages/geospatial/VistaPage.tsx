import { IconMap2 } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Vista: the page's frame until its content is built. */
export function VistaPage() {
  return (
    <PagePlaceholder
      title="Vista"
      description="The map workspace for exploring datasets."
      icon={<IconMap2 size={28} stroke={1.5} />}
      emptyTitle="Map workspace"
      emptyText="A map combining your system and your datasets will be shown here."
    />
  );
}
