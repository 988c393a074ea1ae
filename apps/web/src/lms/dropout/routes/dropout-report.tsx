import '../../../components/list-styles';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useDropoutItems, type ProgrammeRef } from '../api/find-dropout-items';
import { useDropoutReport } from '../api/get-dropout-report';
import { ReportTable } from '../components/report-table';
import { dropoutListPath } from '../paths';

export const loader = requireRight('DROPOUT_FLAGGING__DISPLAY');

function DropoutReport({ reference }: { reference: ProgrammeRef }) {
  const items = useDropoutItems(reference);
  const report = useDropoutReport(reference);
  const programme = items.data?.programme;
  return (
    <Stack gap="sm" maw={1200}>
      <Anchor component={Link} to={dropoutListPath(reference.programmeId)} size="sm">
        ← Dropout flagging
      </Anchor>
      <div>
        <Title order={1} fz="h2">
          Tuning report
        </Title>
        {programme ? (
          <Text size="sm" mt={4}>
            {programme.code} {programme.title}
          </Text>
        ) : null}
      </div>
      <Text size="sm">
        What became of the students each item flagged, by their state in the programme now. Many
        flagged students who go on to complete: the item flags too early. Many dropping out without
        a flag: it flags too late.
      </Text>
      <ErrorAlert error={items.error ?? report.error} />
      {report.data ? <ReportTable rows={report.data.rows} /> : <Text size="sm">Loading…</Text>}
    </Stack>
  );
}

/** `programme/professional-certificate/:programme/dropout-flagging/report`. */
export default function DropoutReportRoute() {
  const params = useParams();
  const programmeId = Number(params.programme);
  if (!Number.isInteger(programmeId) || programmeId < 1) return <Text>No such programme.</Text>;
  return <DropoutReport reference={{ programmeType: 'professional', programmeId }} />;
}
