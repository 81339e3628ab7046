import type { ComponentType } from 'react';

/**
 * A route's `lazy` loader for a page module with a named export: the page's code is fetched on first
 * visit only, and the router waits for it before switching pages.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] });
}
