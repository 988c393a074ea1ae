import { useState } from 'react';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { certificateVerificationPath, type CertificateRow } from '@lantern/contracts/programme';
import { TABLE_LOOK, paginationText } from '../../../components/list-table';
import { formatDate } from '../../../lib/format';

const PAGE_SIZE = 50;
const WIDE = '(min-width: 48em)';

const nameOf = (row: CertificateRow) => `${row.student.lastName}, ${row.student.firstName}`;

type CertificateTableProps = {
  rows: CertificateRow[];
  selected: CertificateRow[];
  onSelectedChange: (selected: CertificateRow[]) => void;
  onDownload: (row: CertificateRow) => void;
  /** The certificate whose PDF is being fetched now. */
  downloading: string | null;
};

/** The passed students and their certificates, with a selection and each one's PDF and page. */
export function CertificateTable(props: CertificateTableProps) {
  const [page, setPage] = useState(1);
  const records = props.rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <DataTable
      aria-label="Passed students and their certificates"
      {...TABLE_LOOK}
      minHeight={160}
      idAccessor="enrolmentId"
      records={records}
      totalRecords={props.rows.length}
      recordsPerPage={PAGE_SIZE}
      page={page}
      onPageChange={setPage}
      paginationText={paginationText}
      noRecordsText="No student has passed this programme yet"
      selectedRecords={props.selected}
      onSelectedRecordsChange={props.onSelectedChange}
      selectionCheckboxProps={{ 'aria-label': 'Select all on this page' }}
      getRecordSelectionCheckboxProps={(row) => ({ 'aria-label': `Select ${nameOf(row)}` })}
      columns={[
        { accessor: 'student.id', title: 'JWL-ID', width: 76, visibleMediaQuery: WIDE },
        { accessor: 'name', title: 'Name', render: nameOf },
        { accessor: 'clc', title: 'CLC', width: 70, render: (row) => row.clc?.code ?? '—' },
        {
          accessor: 'certificate',
          title: 'Certificate',
          noWrap: true,
          render: (row) =>
            row.certificate ? (
              <Group gap={6} wrap="nowrap">
                <Text span size="sm" ff="monospace">
                  {row.certificate.code}
                </Text>
                {row.certificate.revoked ? (
                  <Badge size="sm" color="red.9" variant="filled" tt="none">
                    Revoked
                  </Badge>
                ) : null}
              </Group>
            ) : (
              <Text span size="sm" c="dimmed">
                Not issued
              </Text>
            ),
        },
        {
          accessor: 'issuedOn',
          title: 'Issued on',
          visibleMediaQuery: WIDE,
          render: (row) => (row.certificate ? formatDate(row.certificate.issuedOn) : '—'),
        },
        {
          accessor: 'actions',
          title: 'Files',
          textAlign: 'right',
          render: (row) => {
            const certificate = row.certificate;
            if (!certificate) return null;
            return (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="light"
                  loading={props.downloading === certificate.id}
                  aria-label={`PDF of ${row.student.firstName} ${row.student.lastName}`}
                  onClick={() => {
                    props.onDownload(row);
                  }}
                >
                  PDF
                </Button>
                <Anchor
                  href={certificateVerificationPath(certificate.code)}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                  aria-label={`Verification page of ${row.student.firstName} ${row.student.lastName}`}
                >
                  Verify
                </Anchor>
              </Group>
            );
          },
        },
      ]}
    />
  );
}
