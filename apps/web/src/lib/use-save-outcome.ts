import { useState } from 'react';
import type { FieldValues, Path, UseFormReset, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-errors';
import { displayError } from './errors';
import { applyFieldErrors } from './form-errors';
import {
  notifyFailure,
  notifyInvalid,
  notifySuccess,
  UPDATE_TEXTS,
  type OutcomeTexts,
} from './notify';

export type Warnings = Readonly<Record<string, string>>;

type SaveOutcomeOptions<T extends FieldValues> = {
  setError: UseFormSetError<T>;
  reset: UseFormReset<T>;
  /** The fields a server message may name; a function when they depend on the values. */
  fields: readonly Path<T>[] | (() => readonly Path<T>[]);
  /** Loads the record again after someone else changed it (edit only); answers its values. */
  onReload?: (() => Promise<T>) | undefined;
  /** Names the form: its next toast replaces the last. */
  form: string;
  /** What the toasts say; a form that creates says so ("Student created"). */
  texts?: OutcomeTexts | undefined;
};

/** How a record form's save ended: the server's messages by their fields, a stale version to
 * reload, another failure, or the warnings of a save that went through (spec §8 notices too). */
export function useSaveOutcome<T extends FieldValues>({
  setError,
  reset,
  fields,
  onReload,
  form,
  texts = UPDATE_TEXTS,
}: SaveOutcomeOptions<T>) {
  const [stale, setStale] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<Warnings>({});

  /** Saves; a save that notes nothing answers no warnings. */
  const run = async (save: () => Promise<Warnings> | Promise<void>) => {
    setFailure(null);
    try {
      const warnings = await save();
      setWarnings(warnings ?? {});
      setStale(null);
      notifySuccess(form, texts);
    } catch (error) {
      if (isApiError(error) && error.code === 'STALE_VERSION') setStale(error.message);
      else if (!applyFieldErrors(error, setError, typeof fields === 'function' ? fields() : fields))
        setFailure(displayError(error));
      notifyFailure(form, displayError(error), texts);
    }
  };

  const reload = async () => {
    if (!onReload) return;
    reset(await onReload());
    setStale(null);
  };

  /** For `handleSubmit(onValid, outcome.invalid)`: the schema refused the form. */
  const invalid = notifyInvalid(form, texts);

  return { stale, failure, warnings, run, reload, invalid };
}

export type SaveOutcome = ReturnType<typeof useSaveOutcome>;
