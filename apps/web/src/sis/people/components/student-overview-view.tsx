import { Alert, Badge, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Student } from '@lantern/contracts/people';
import { DetailCard } from '../../../components/detail-card';
import { HistoryList } from '../../../components/history-list';
import { countryName } from '../../../lib/countries';
import { useEnumLabel } from '../../../lib/enumerations';
import { displayError } from '../../../lib/errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePersonHistory } from '../api/get-person-history';
import { StudentPhotos } from './student-photos';
import { StudentProgrammes } from './student-programmes';
import { StudentCoursesCard } from '../../../lms/learning-work/public';

const COUNTRY_FIELDS: ReadonlySet<string> = new Set([
  'birthCountry',
  'nationality',
  'countryOfOrigin',
  'countryOfResidence',
  'countryOfSchool',
  'vocationalCountry',
]);

const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Yes' : 'No');

function StudentHistory({ id }: { id: number }) {
  const history = usePersonHistory('student', id);
  const formatHistory = (field: string, value: unknown): string | null =>
    COUNTRY_FIELDS.has(field) && typeof value === 'string' ? countryName(value) : null;
  if (history.isError)
    return (
      <Alert color="red.9" variant="light" role="alert">
        {displayError(history.error)}
      </Alert>
    );
  if (!history.data) return <Loader role="status" size="sm" aria-label="Loading history" />;
  return <HistoryList entries={history.data} format={formatHistory} />;
}

/** Everything about a student on one page: profile, photos, CLCs, contact, programmes, history. */
export function StudentOverviewView({
  student,
  canEdit,
  canOpenProgrammes,
}: {
  student: Student;
  canEdit: boolean;
  /** Whether the programmes link to their overview. */
  canOpenProgrammes: boolean;
}) {
  const gender = useEnumLabel('genders');
  const residency = useEnumLabel('residencyStatuses');
  const schooling = useEnumLabel('schoolingLevels');
  const device = useEnumLabel('deviceTypes');
  const cefr = useEnumLabel('cefrLevels');
  const identification = { none: 'None', passport: 'Passport', localId: 'Local ID' }[
    student.identificationType
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz="h2">
            {student.firstName} {student.lastName}
          </Title>
          <Group gap="xs" mt={4}>
            <Text size="sm">JWL-ID {student.id}</Text>
            <Text size="sm">· {student.username}</Text>
            <Badge
              size="sm"
              variant="filled"
              color={student.status === 'active' ? 'teal.9' : 'red.9'}
            >
              {student.status}
            </Badge>
          </Group>
        </div>
        {canEdit ? (
          <Button component={Link} to={`/en/student/${student.id}/edit`} size="sm">
            Edit student
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <DetailCard
          labelWidth="42%"
          title="Profile"
          rows={[
            ['Gender', gender(student.gender)],
            ['Date of birth', formatDate(student.birthDate)],
            ['Nationality', countryName(student.nationality)],
            ['Native language', student.nativeLanguage],
            ['Country of birth', countryName(student.birthCountry)],
            ['Place of birth', student.birthPlace],
            ['Country of origin', countryName(student.countryOfOrigin)],
            ['Country of residence', countryName(student.countryOfResidence)],
            ['Residency status', residency(student.residencyStatus)],
          ]}
        />
        <Stack gap="sm">
          <DetailCard
            labelWidth="42%"
            title="Contact"
            rows={[
              ['E-mail', student.email],
              ['Phone', student.phone],
              ['Other channels', student.otherCommunication],
              [
                'Last sign-in',
                student.lastSignInAt ? formatDateTime(student.lastSignInAt) : 'Never',
              ],
            ]}
          />
          <DetailCard
            labelWidth="42%"
            title="CLCs"
            rows={student.clcs.map((clc) => [clc.code, clc.name])}
          />
        </Stack>
        <DetailCard
          labelWidth="42%"
          title="Schooling"
          rows={[
            ['Highest level', schooling(student.schoolingLevel)],
            ['Country of school', countryName(student.countryOfSchool)],
            ['Vocational school', yesNo(student.vocationalSchool)],
            ...(student.vocationalSchool
              ? ([
                  ['School', student.vocationalName],
                  ['Country', countryName(student.vocationalCountry)],
                  ['Subjects', student.vocationalSubjects],
                  ['Years', student.vocationalYears],
                  ['Completed', yesNo(student.vocationalCompleted)],
                  ['Completion year', student.vocationalCompletionYear],
                ] satisfies [string, string | number | null][])
              : []),
          ]}
        />
        <DetailCard
          labelWidth="42%"
          title="Identification and learning"
          rows={[
            ['UNHCR number', student.unhcrNumber],
            ['Other identification', identification],
            ['Identification number', student.identificationNumber],
            ['Device', device(student.deviceType)],
            [
              'English level (CEFR)',
              student.cefrLevel === null ? null : cefr(String(student.cefrLevel)),
            ],
          ]}
        />
      </SimpleGrid>
      <Title order={2} fz="h4">
        Photos
      </Title>
      <StudentPhotos student={student} />
      <StudentProgrammes studentId={student.id} canOpenProgrammes={canOpenProgrammes} />
      <StudentCoursesCard studentId={student.id} />
      <StudentHistory id={student.id} />
    </Stack>
  );
}
