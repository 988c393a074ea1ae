import { Button, Group, List, Text } from '@mantine/core';
import { COHORT_IMPORT_COLUMNS } from '@lantern/contracts/bachelor-cohorts';
import { DATE_FORMATS, GENDER_WORDS } from '@lantern/contracts/programme';
import { GENDERS } from '@lantern/contracts/enums';
import { csvText, saveCsv } from '../../../lib/csv';

/** A cohort file to fill in: the header row with the column names the import recognises. */
export const cohortTemplate = (): string => csvText([COHORT_IMPORT_COLUMNS]);

/** The words a gender cell may hold, a group per gender, from the one table the server reads. */
export const acceptedGenderWords = (): string[] =>
  GENDERS.map((gender) =>
    Object.entries(GENDER_WORDS)
      .filter(([, value]) => value === gender)
      .map(([word]) => word)
      .join(', '),
  );

/** What a cohort file holds, with a template to download. */
export function CohortImportHelp({ cohortCode }: { cohortCode: string }) {
  return (
    <>
      <Text size="sm">
        A CSV or XLSX file with one student a row and these columns, by header:{' '}
        <Text span size="sm" ff="monospace">
          {COHORT_IMPORT_COLUMNS.join(', ')}
        </Text>
        . A row with a JWL-ID is that person; a row without one is found by name and birth date (or
        e-mail and birth date), else created. Everyone listed becomes an active student of the
        programme in this cohort. The check compares the file with the cohort&apos;s last import:
        who is added, what changed, and who is no longer listed (they are not removed).
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>
          Gender, in any case:{' '}
          {acceptedGenderWords().map((words, i) => (
            <span key={words}>
              {i > 0 ? '; ' : null}
              <Text span size="sm" ff="monospace" dir="auto">
                {words}
              </Text>
            </span>
          ))}
          .
        </List.Item>
        <List.Item>
          Birth date: {DATE_FORMATS.iso}, {DATE_FORMATS.dmy} or {DATE_FORMATS.mdy} (a file whose
          dates fit both is asked about).
        </List.Item>
      </List>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            saveCsv(`cohort-${cohortCode}-template.csv`, cohortTemplate());
          }}
        >
          Download template
        </Button>
        <Text size="xs">CSV with the header row, to fill in one student a row</Text>
      </Group>
    </>
  );
}
