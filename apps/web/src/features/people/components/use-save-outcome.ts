import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifySubmitError, notifySubmitSuccess } from '../../../lib/notify';

export type Warnings = Readonly<Record<string, string>>;

/** How a person form's save ended: the server's messages by their fields, a stale version to
 * reload, another failure, or the warnings of a save that went through (spec §8 notices too). */
export function useSaveOutcome<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  const [stale, setStale] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<Warnings>({});

  const run = async (save: () => Promise<Warnings>) => {
    setFailure(null);
    try {
      setWarnings(await save());
      setStale(null);
      notifySubmitSuccess();
    } catch (error) {
      if (isApiError(error) && error.code === 'STALE_VERSION') setStale(error.message);
      else if (!applyFieldErrors(error, setError, fields)) setFailure(displayError(error));
      notifySubmitError(displayError(error));
    }
  };

  return { stale, failure, warnings, run, clearStale: () => setStale(null) };
}
