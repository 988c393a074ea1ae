import { Anchor, Badge, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import {
  AUTOMATIC_MAIL_EVENT_LABELS,
  RECIPIENT_ROLE_LABELS,
  type AutomaticMail,
} from '@lantern/contracts/automatic-mail';
import type { ProgrammeType } from '@lantern/contracts/programme';
import { TABLE_LOOK } from '../../../components/list-table';
import { statusLabel } from '../mail-form';
import { automaticMailDetailPath } from '../paths';

const WIDE = '(min-width: 48em)';

type AutomaticMailTableProps = {
  programmeType: ProgrammeType;
  programmeId: number;
  items: AutomaticMail[];
  isFetching: boolean;
};

/** A programme's automatic mails: on which event, to whom, what subject, published, how many sent. */
export function AutomaticMailTable({
  programmeType,
  programmeId,
  items,
  isFetching,
}: AutomaticMailTableProps) {
  return (
    <DataTable
      aria-label="Automatic mails"
      {...TABLE_LOOK}
      minHeight={items.length === 0 ? 150 : undefined}
      records={items}
      fetching={isFetching}
      noRecordsText="No automatic mails yet"
      columns={[
        {
          accessor: 'eventType',
          title: 'Event',
          render: (m) => (
            <>
              <Anchor
                component={Link}
                to={automaticMailDetailPath(programmeType, programmeId, m.id)}
                size="sm"
              >
                {AUTOMATIC_MAIL_EVENT_LABELS[m.eventType]}
              </Anchor>
              {/* On a phone the status stands under the event: a column of its own would crowd
                  out how many were sent. */}
              {m.eventStatus ? (
                <Text size="xs" hiddenFrom="sm">
                  {statusLabel(m.eventType, m.eventStatus)}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          accessor: 'eventStatus',
          title: 'Event status',
          visibleMediaQuery: WIDE,
          render: (m) => (m.eventStatus ? statusLabel(m.eventType, m.eventStatus) : '—'),
        },
        {
          accessor: 'recipientRole',
          title: 'Recipient',
          visibleMediaQuery: WIDE,
          render: (m) => RECIPIENT_ROLE_LABELS[m.recipientRole],
        },
        {
          accessor: 'subject',
          title: 'Subject',
          ellipsis: true,
          visibleMediaQuery: WIDE,
          render: (m) => (
            <Text span size="sm" title={m.subject}>
              {m.subject}
            </Text>
          ),
        },
        {
          accessor: 'published',
          title: 'Published',
          width: 100,
          render: (m) =>
            m.published ? (
              <Badge size="sm" variant="filled" color="teal.9" tt="none">
                Published
              </Badge>
            ) : (
              <Badge size="sm" variant="outline" color="gray.8" tt="none">
                Draft
              </Badge>
            ),
        },
        { accessor: 'sent', title: 'Sent', width: 64, textAlign: 'right' },
      ]}
    />
  );
}
