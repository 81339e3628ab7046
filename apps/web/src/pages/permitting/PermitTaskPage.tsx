import { useParams } from 'react-router';
import { PermitFrame } from '../../features/permits/workflow/components/PermitFrame';

/** One task of a permit: its stage shown with the task brought into view and marked. */
export function PermitTaskPage() {
  const { id = '', stageId = '', taskId = '' } = useParams();
  return <PermitFrame permitId={id} stageKey={stageId} taskKey={taskId} />;
}
