import '../credits-styles';
import { useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useOutletContext, useParams } from 'react-router';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import { ErrorAlert, FailureAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { downloadGradesOut } from '../api/download-grades-out';
import { useConversions } from '../api/get-conversions';
import { useGradesOut } from '../api/get-grades-out';
import { bachelorPaths } from '../paths';
import { ScrollTable } from '../../../components/scroll-table';
import { counted } from '../../../lib/plural';

export const loader = requireRight('BA_TRANSFER_OUT__DISPLAY');

const positive = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * transfer-out/transfer-grades-out/:gradingSchemaId?/:courseId?: the students' grades in force
 * converted to the university's schema; the first rows, then the whole file as CSV or XLSX.
 */
export default function GradesOut() {
  const params = useParams();
  const id = Number(params.programme);
  const schemaId = positive(params.gradingSchemaId);
  const courseId = positive(params.courseId);
  const summary = useOutletContext<BachelorSummary>();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const conversions = useConversions(id, 'transfer-out');
  const preview = useGradesOut(id, schemaId, courseId);
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const go = (schema: number | null, course: number | null) => {
    void navigate(bachelorPaths.gradesOut(id, schema, course));
  };
  const download = async (format: 'csv' | 'xlsx') => {
    if (schemaId === null) return;
    setBusy(format);
    setFailure(null);
    try {
      await downloadGradesOut(id, { gradingSchemaId: schemaId, courseId, format });
      void preview.refetch();
    } catch (error) {
      setFailure(displayError(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Grades out
      </Title>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label="The university’s grading schema"
          placeholder="Choose a schema"
          data={(conversions.data?.schemas ?? []).map((s) => ({
            value: String(s.id),
            label: s.name,
          }))}
          value={schemaId === null ? null : String(schemaId)}
          onChange={(v) => {
            go(v ? Number(v) : null, courseId);
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Course"
          placeholder="Every course"
          clearable
          data={summary.courses.map((c) => ({
            value: String(c.id),
            label: `${c.code} ${c.title}`,
          }))}
          value={courseId === null ? null : String(courseId)}
          onChange={(v) => {
            go(schemaId, v ? Number(v) : null);
          }}
          disabled={schemaId === null}
          w={{ base: '100%', sm: 280 }}
        />
        {hasRight(user, 'BA_TRANSFER_OUT__EXPORT') && schemaId !== null ? (
          <Group gap="xs">
            <Button variant="default" loading={busy === 'csv'} onClick={() => void download('csv')}>
              Download CSV
            </Button>
            <Button
              variant="default"
              loading={busy === 'xlsx'}
              onClick={() => void download('xlsx')}
            >
              Download XLSX
            </Button>
          </Group>
        ) : null}
      </Group>
      <FailureAlert text={failure} />
      {schemaId === null ? (
        <Text size="sm">Choose the schema the grades go out in.</Text>
      ) : preview.isError ? (
        <ErrorAlert error={preview.error} />
      ) : !preview.data ? (
        <Loader role="status" size="sm" aria-label="Loading grades" />
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            {counted(preview.data.total, 'row')}; the first {preview.data.rows.length} below. Each
            names the ledger entries it rests on.
            {preview.data.lastBatch
              ? ` Last exported on ${formatDateTime(preview.data.lastBatch.createdAt)} by ${preview.data.lastBatch.createdBy ?? '—'} (${counted(preview.data.lastBatch.rows, 'row')}, batch #${preview.data.lastBatch.id}).`
              : ''}
          </Text>
          {preview.data.total === 0 ? (
            <Alert color="gray">No student holds a grade in the ledger yet.</Alert>
          ) : null}
          <ScrollTable minWidth={960} label="Grades out, first rows">
            <Table
              striped
              withTableBorder
              fz="sm"
              verticalSpacing={4}
              aria-label="Grades out, first rows"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Student</Table.Th>
                  <Table.Th>Course</Table.Th>
                  <Table.Th>Credits</Table.Th>
                  <Table.Th>Grade</Table.Th>
                  <Table.Th>Converted</Table.Th>
                  <Table.Th>Transferred out</Table.Th>
                  <Table.Th>Ledger entries</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.data.rows.map((r) => (
                  <Table.Tr key={`${r.enrolmentId}:${r.courseCode}`}>
                    <Table.Td>
                      {r.name} ({r.jwlId})
                    </Table.Td>
                    <Table.Td>{r.courseCode}</Table.Td>
                    <Table.Td>{r.credits}</Table.Td>
                    <Table.Td>
                      {r.grade ?? '—'}
                      {r.gradeSchema ? ` (${r.gradeSchema})` : ''}
                    </Table.Td>
                    <Table.Td>
                      {r.convertedGrade ?? '—'}
                      {r.convertedLabel ? ` ${r.convertedLabel}` : ''}
                      {r.conversionVersion !== null ? ` (conversion v${r.conversionVersion})` : ''}
                      {r.note ? (
                        <Text span size="xs" c="gray.8">
                          {' '}
                          {r.note}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{r.transferredOut ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>{r.entryIds.map((e) => `#${e}`).join(' ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Stack>
      )}
    </Stack>
  );
}
