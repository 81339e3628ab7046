import { Anchor, Group, Text } from '@mantine/core';
import type { MatchingOffer } from '../bulk/selection';

interface SelectAllMatchingProps {
  offer: MatchingOffer;
  /** Selects every permit that matches (on an offer), or only the page again (once all are selected). */
  onToggle: () => void;
}

/** Above the rows, once the whole page is selected: the offer to act on every permit of the filter. */
export function SelectAllMatching({ offer, onToggle }: SelectAllMatchingProps) {
  if (offer.kind === 'none') return null;
  return (
    <Group gap="xs" justify="center" mb="sm" role="status" aria-label="Select all that match">
      <Text size="sm" c={offer.kind === 'too-many' ? 'orange' : undefined}>
        {offer.text}
      </Text>
      {offer.kind === 'too-many' ? null : (
        <Anchor component="button" type="button" size="sm" fw={500} onClick={onToggle}>
          {offer.action}
        </Anchor>
      )}
    </Group>
  );
}
