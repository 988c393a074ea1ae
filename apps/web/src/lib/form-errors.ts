import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-errors';

/** The message for a field in a 400's `fields`: by its name, or as `data.<name>` when the form's
 * values travelled inside `{ version, data }` (an edit). */
export function fieldMessage(fields: Readonly<Record<string, string>>, name: string) {
  return fields[name] ?? fields[`data.${name}`];
}

/** Puts a 400's per-field messages next to their fields; returns whether any matched. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let matched = false;
  for (const name of fieldNames) {
    const message = fieldMessage(error.fields, name);
    if (message !== undefined) {
      setError(name, { type: 'server', message });
      matched = true;
    }
  }
  return matched;
}
