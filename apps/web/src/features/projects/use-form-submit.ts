import { useCallback, useState } from 'react';

/** A dialog form's sending state: runs one send at a time and hands a failure to `onError`. */
export function useFormSubmit(onError: (error: unknown) => void) {
  const [saving, setSaving] = useState(false);
  const run = useCallback(
    async (send: () => Promise<void>) => {
      setSaving(true);
      try {
        await send();
      } catch (error) {
        onError(error);
      } finally {
        setSaving(false);
      }
    },
    [onError],
  );
  return { saving, run };
}
