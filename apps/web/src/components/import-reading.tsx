import { Group, Radio, Stack, Table, Text } from '@mantine/core';
import {
  DATE_FORMATS,
  IMPORT_ENCODINGS,
  IMPORT_ENCODING_LABELS,
  READING_PEOPLE_LIMIT,
  type DateOrder,
  type FileReading,
  type ImportEncoding,
  type ImportReadOptions,
} from '@lantern/contracts/programme';
import { formatDate } from '../lib/format';
import { Select } from './select';

const ENCODING_OPTIONS = IMPORT_ENCODINGS.map((value) => ({
  value,
  label: IMPORT_ENCODING_LABELS[value],
}));

const isEncoding = (value: string | null): value is ImportEncoding =>
  IMPORT_ENCODINGS.some((e) => e === value);

const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  dmy: `${DATE_FORMATS.dmy} (day first)`,
  mdy: `${DATE_FORMATS.mdy} (month first, as in US exports)`,
};

type ReadingChoiceProps = {
  reading: FileReading;
  /** What the person chose so far (sent again with the import). */
  chosen: ImportReadOptions;
  /** Checks the file again, read as now chosen. */
  onChange: (options: ImportReadOptions) => void;
  disabled: boolean;
};

/**
 * How the server read the file, with a way to change it: the text encoding of a CSV (detected
 * or chosen), and the order of its dates when the values cannot tell (or once chosen). A
 * change checks the file again; the import then sends the same choice.
 */
export function ImportReadingChoice({ reading, chosen, onChange, disabled }: ReadingChoiceProps) {
  const asksDates = reading.dates === 'ambiguous' || chosen.dateOrder !== undefined;
  if (reading.encoding === null && !asksDates) return null;
  return (
    <Stack gap="xs">
      {reading.encoding === null ? null : (
        <Select
          label="Text encoding"
          description={
            reading.encodingDetected
              ? 'Detected from the file. If the names below look garbled, choose another.'
              : 'As you chose. The file was checked again in it.'
          }
          data={ENCODING_OPTIONS}
          value={reading.encoding}
          required
          maw={360}
          disabled={disabled}
          onChange={(value) => {
            if (isEncoding(value) && value !== reading.encoding)
              onChange({ ...chosen, encoding: value });
          }}
        />
      )}
      {asksDates ? (
        <Radio.Group
          label="How does this file write its dates?"
          description="Its dates can be read either way; the import needs to know which."
          value={chosen.dateOrder ?? null}
          onChange={(value) => {
            if (value === 'dmy' || value === 'mdy') onChange({ ...chosen, dateOrder: value });
          }}
        >
          <Group gap="md" mt={4}>
            {(['dmy', 'mdy'] as const).map((order) => (
              <Radio
                key={order}
                value={order}
                label={DATE_ORDER_LABELS[order]}
                disabled={disabled}
              />
            ))}
          </Group>
        </Radio.Group>
      ) : null}
    </Stack>
  );
}

/** The people of the file's first rows as they will be written, so garbled names show. */
export function ImportPeopleTable({ reading }: { reading: FileReading }) {
  const { people } = reading;
  if (people.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={500} maxHeight={320}>
      <Table fz="sm" verticalSpacing={4} striped withTableBorder stickyHeader>
        <Table.Caption>
          {people.length < READING_PEOPLE_LIMIT
            ? 'The people of the file as they will be written'
            : `The first ${READING_PEOPLE_LIMIT} people of the file as they will be written`}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>Row</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>JWL-ID</Table.Th>
            <Table.Th>Birth date</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>CLC</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={p.row}>
              <Table.Td>{p.row}</Table.Td>
              {/* Names in any script, each in its own direction. */}
              <Table.Td>
                <Text span size="sm" dir="auto">
                  {p.name}
                </Text>
              </Table.Td>
              <Table.Td>{p.jwlId ?? '—'}</Table.Td>
              <Table.Td>{formatDate(p.birthDate)}</Table.Td>
              <Table.Td>{p.email ?? '—'}</Table.Td>
              <Table.Td>{p.clcCode ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
