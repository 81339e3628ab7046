import { Anchor } from '@mantine/core';
import { getRuntimeConfig } from '../lib/runtime-config';

/** A link to the help centre (opens in a new tab); nothing when no help centre is configured. */
export function HelpCenterLink() {
  const url = getRuntimeConfig()?.helpCenterUrl;
  if (!url) return null;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      Help Center
    </Anchor>
  );
}
