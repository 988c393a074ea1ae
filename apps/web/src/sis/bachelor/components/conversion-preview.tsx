import { Alert, Text } from '@mantine/core';
import { convert, rescale, type ConversionList } from '@lantern/contracts/bachelor-credits';

/**
 * What a grade will become in the programme's schema, worked out as the server will: the same
 * schema as is, another through its newest conversion, a given scale in proportion.
 */
export function previewConversion(
  list: ConversionList,
  source: { grade: number | null; schemaId: number | null; scaleMax: number | null },
): string | null {
  if (source.grade === null || Number.isNaN(source.grade)) return null;
  const target = list.schemas.find((s) => s.id === list.programmeSchemaId);
  if (!target) return 'The programme has no grading schema to convert to.';
  if (source.schemaId === target.id) return `${source.grade} (${target.name}, same schema)`;
  if (source.schemaId === null) {
    if (!source.scaleMax) return null;
    return `${rescale(source.grade, source.scaleMax, target.scaleMax)} (${target.name}, in proportion to a scale of ${source.scaleMax})`;
  }
  const conversion = list.conversions.find(
    (c) => c.current && c.fromSchemaId === source.schemaId && c.toSchemaId === target.id,
  );
  if (!conversion)
    return `No conversion from this schema to ${target.name} yet: the transfer can be proposed but not approved.`;
  const result = convert(source.grade, conversion);
  if (!result) return `Below every rule of conversion version ${conversion.version}.`;
  return `${result.grade}${result.label ? ` ${result.label}` : ''} (${target.name}, conversion version ${conversion.version})`;
}

export function ConversionPreview({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert color="blue" title="Converted grade" aria-live="polite">
      <Text size="sm">{text}</Text>
    </Alert>
  );
}
