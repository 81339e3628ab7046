import type { AgolSettings, LayerValidation } from '@crossarm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { useFormState } from '../../../lib/forms/use-form-state';
import { agolBody, agolValues, EMPTY_AGOL, validateAgol, validationQuery } from './agol-form';
import { mapDataKeys, saveAgol, validateLayer } from './map-data-api';

/**
 * The ArcGIS layer form: its values from the saved settings, Validate (the poles layer as typed) and Save
 * (which the server checks against ArcGIS again). Field problems show under the fields.
 */
export function useAgolForm(projectId: string, settings: AgolSettings | null, canManage: boolean) {
  const queryClient = useQueryClient();
  const form = useFormState(EMPTY_AGOL, validateAgol);
  const { reset, showServerErrors, setError } = form;
  const [validation, setValidation] = useState<LayerValidation | null>(null);
  useDirtyFlag('project-agol', canManage && form.dirty);
  useEffect(() => reset(agolValues(settings)), [settings, reset]);

  const check = useMutation({
    mutationFn: async () => {
      const found = validationQuery(form.values);
      if ('query' in found) return validateLayer(found.query, notifyUnlessFieldError());
      for (const [field, message] of Object.entries(found.errors)) setError(field, message);
      return null;
    },
    onSuccess: setValidation,
    onError: (error) => showServerErrors(error),
  });

  const save = useMutation({
    mutationFn: async () => {
      const body = form.validateAll() ? agolBody(form.values) : null;
      return body ? { saved: await saveAgol(projectId, body, notifyUnlessFieldError()) } : null;
    },
    onSuccess: (done) => {
      if (!done) return;
      queryClient.setQueryData(mapDataKeys.agol(projectId), done.saved);
      void queryClient.invalidateQueries({ queryKey: mapDataKeys.metadata(projectId) });
      notifySuccess('Layer saved', 'Sync the poles (and spans) to bring their features into the project.');
    },
    onError: (error) => showServerErrors(error),
  });

  return { form, validation, check, save };
}
