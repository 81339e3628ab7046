import { Navigate, useLocation, useParams } from 'react-router';

/** A permit's address opens its workflow, keeping the query (a comment or panel tab to open). */
export function PermitPage() {
  const { id = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: `/permitting/${id}/workflow`, search, hash }} replace />;
}
