import type { MergeFieldKey, MergePreview, MergeSide } from '@lantern/contracts/user-merge';

export type FieldChoices = Partial<Record<MergeFieldKey, MergeSide>>;

/**
 * The first choice for each field: the kept person's value, unless they have none and the
 * removed person has one. Fields whose values are the same need no choice.
 */
export function initialChoices(preview: Pick<MergePreview, 'fields'>): FieldChoices {
  const choices: FieldChoices = {};
  for (const field of preview.fields) {
    if (field.kept === field.removed) continue;
    choices[field.key] = field.kept === null || field.kept === '' ? 'removed' : 'kept';
  }
  return choices;
}

/** Only the fields where the removed person's value wins go to the server. */
export function choicesToSend(choices: FieldChoices): FieldChoices {
  const sent: FieldChoices = {};
  for (const [key, side] of Object.entries(choices) as [keyof FieldChoices, MergeSide][])
    if (side === 'removed') sent[key] = side;
  return sent;
}
