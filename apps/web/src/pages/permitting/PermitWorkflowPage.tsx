import { useParams } from 'react-router';
import { PermitFrame } from '../../features/permits/workflow/components/PermitFrame';

/** A permit's workflow: the permit with its active (or first) stage selected. */
export function PermitWorkflowPage() {
  const { id = '' } = useParams();
  return <PermitFrame permitId={id} />;
}
