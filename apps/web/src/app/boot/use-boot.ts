import { useContext } from 'react';
import { BootContext, type ReadyBoot } from './boot-context';

/** The finished boot: configuration and auth start result. Usable on every routed page. */
export function useBoot(): ReadyBoot {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('useBoot must be used below the boot gate.');
  return boot;
}
