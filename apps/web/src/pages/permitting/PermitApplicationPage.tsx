import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ApplicationView } from '../../features/permits/application/ApplicationView';

/** Permit Application: `?draft=` opens a saved draft, `?project=` starts on a project. */
export function PermitApplicationPage() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (next: { draft?: string | null; project?: string | null }) =>
      setParams(
        (current) => {
          const result = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value) result.set(key, value);
            else result.delete(key);
          }
          return result;
        },
        { replace: true },
      ),
    [setParams],
  );
  return (
    <ApplicationView draftId={params.get('draft')} projectId={params.get('project')} setParams={update} />
  );
}
