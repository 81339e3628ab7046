import { useParams } from 'react-router';
import { PermitFrame } from '../../features/permits/workflow/components/PermitFrame';

/** One stage of a permit: the permit with that stage's tasks shown. */
export function PermitStagePage() {
  const { id = '', stageId = '' } = useParams();
  return <PermitFrame permitId={id} stageKey={stageId} />;
}
