import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../session/use-session';
import { adminPageOf, canSeeAdminPage, firstAdminPath } from '../admin-access';
import { NoAccessState } from './NoAccessState';

/** Lets an administration page through only for users whose permissions cover it. */
export function AdminAccessGuard() {
  const session = useSession();
  const { pathname } = useLocation();
  const page = adminPageOf(pathname);
  if (page && !canSeeAdminPage(session, page)) {
    return <NoAccessState fallbackPath={firstAdminPath(session)} />;
  }
  return <Outlet />;
}
