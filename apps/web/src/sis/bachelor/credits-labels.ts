import type { Transfer } from '@lantern/contracts/bachelor-credits';

/** A grade with its schema: "82 (Percentage, pass at 60 v1)", or on a given scale "3.1 of 5". */
export function sourceGradeText(
  t: Pick<Transfer, 'sourceGrade' | 'sourceSchema' | 'sourceSchemaVersion' | 'sourceScaleMax'>,
) {
  if (t.sourceGrade === null) return '—';
  if (t.sourceSchema)
    return `${t.sourceGrade} (${t.sourceSchema}${t.sourceSchemaVersion ? `, version ${t.sourceSchemaVersion}` : ''})`;
  if (t.sourceScaleMax !== null) return `${t.sourceGrade} of ${t.sourceScaleMax}`;
  return String(t.sourceGrade);
}

/** The converted grade and what made it. */
export function convertedGradeText(
  t: Pick<
    Transfer,
    | 'convertedGrade'
    | 'convertedLabel'
    | 'targetSchema'
    | 'conversionVersion'
    | 'sourceScaleMax'
    | 'sourceSchema'
  >,
) {
  if (t.convertedGrade === null) return 'No conversion applies';
  const label = t.convertedLabel ? ` ${t.convertedLabel}` : '';
  const how =
    t.conversionVersion !== null
      ? `conversion version ${t.conversionVersion}`
      : t.sourceScaleMax !== null && !t.sourceSchema
        ? 'in proportion to the scale'
        : 'same schema';
  return `${t.convertedGrade}${label} (${t.targetSchema ?? 'programme schema'}, ${how})`;
}

export const signed = (credits: number) => (credits > 0 ? `+${credits}` : String(credits));
