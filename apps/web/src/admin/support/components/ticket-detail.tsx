import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { TICKET_STATUS_LABELS, type TicketStatus } from '@lantern/contracts/communication';
import { ErrorAlert } from '../../../components/failure-alert';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTicket, useTicketAction } from '../api/support-tickets';

export const STATUS_COLORS: Record<TicketStatus, string> = {
  new: 'blue.8',
  in_progress: 'grape.9',
  closed: 'gray.7',
};

/** One ticket: what was sent and attached, the replies; reply (mailed), close or reopen. */
export function TicketDetail({
  id,
  canEdit,
  onClose,
}: {
  id: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const ticket = useTicket(id);
  const action = useTicketAction();
  const [reply, setReply] = useState('');
  const t = ticket.data;

  const run = async (request: Parameters<typeof action.mutateAsync>[0]) => {
    try {
      await action.mutateAsync(request);
      notifySuccess('support-ticket');
      setReply('');
    } catch (error) {
      notifyFailure('support-ticket', displayError(error));
    }
  };

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t ? `Ticket #${t.id}` : 'Ticket'}
    >
      <ErrorAlert error={ticket.error ?? action.error} />
      {t ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={STATUS_COLORS[t.status]}>{TICKET_STATUS_LABELS[t.status]}</Badge>
            <Badge variant="outline" color="gray.7">
              {t.kind === 'support_issue' ? 'Support issue' : 'Public ticket'}
            </Badge>
          </Group>
          <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
            {t.subject}
          </Title>
          <Text size="sm">
            From {t.name}
            {t.email ? ` <${t.email}>` : ''}
            {t.userId ? ` · JWL-ID ${t.userId}` : ''} · {formatDateTime(t.createdAt)}
          </Text>
          <Paper withBorder p="sm">
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t.description}
            </Text>
          </Paper>
          {t.pageUrl ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="ticket-page">
              Page address: {t.pageUrl}
            </Text>
          ) : null}
          {t.course ? <Text size="sm">Course: {t.course}</Text> : null}
          {t.issueType ? <Text size="sm">Issue type: {t.issueType}</Text> : null}
          {t.errors.length > 0 ? (
            <Stack gap={4} data-testid="ticket-errors">
              <Text size="sm" fw={600}>
                Recorded errors ({t.errors.length})
              </Text>
              {t.errors.map((e, i) => (
                <Text key={`${e.timestamp}-${i}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.timestamp} · {e.page} · {e.error}
                </Text>
              ))}
            </Stack>
          ) : null}
          {t.userAgent ? (
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              Browser: {t.userAgent}
            </Text>
          ) : null}
          {t.screenshot ? (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Screenshot
              </Text>
              <Anchor href={t.screenshot} target="_blank" rel="noreferrer">
                <Image src={t.screenshot} alt="Screenshot sent with the report" maw={480} />
              </Anchor>
            </Stack>
          ) : null}
          <Title order={3} fz="h5">
            Replies ({t.replyList.length})
          </Title>
          {t.replyList.map((r) => (
            <Paper key={r.id} withBorder p="sm" bg="gray.0">
              <Text size="xs" c="gray.7">
                {r.author ?? 'Helpdesk'} · {formatDateTime(r.createdAt)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {r.body}
              </Text>
            </Paper>
          ))}
          {canEdit ? (
            <Stack gap="xs">
              <Textarea
                label={t.email ? `Reply to ${t.email}` : 'Reply'}
                description={
                  t.email ? 'The reply is sent by e-mail.' : 'No e-mail address to reply to.'
                }
                autosize
                minRows={3}
                disabled={!t.email}
                value={reply}
                onChange={(e) => {
                  setReply(e.currentTarget.value);
                }}
              />
              <Group gap="xs">
                <Button
                  disabled={!t.email || reply.trim() === ''}
                  loading={action.isPending}
                  onClick={() =>
                    void run({ kind: 'reply', id: t.id, version: t.version, body: reply })
                  }
                >
                  Send reply
                </Button>
                {t.status !== 'closed' ? (
                  <Button
                    variant="outline"
                    loading={action.isPending}
                    onClick={() =>
                      void run({ kind: 'status', id: t.id, version: t.version, status: 'closed' })
                    }
                  >
                    Close
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    loading={action.isPending}
                    onClick={() =>
                      void run({
                        kind: 'status',
                        id: t.id,
                        version: t.version,
                        status: 'in_progress',
                      })
                    }
                  >
                    Reopen
                  </Button>
                )}
                {t.status === 'new' ? (
                  <Button
                    variant="subtle"
                    loading={action.isPending}
                    onClick={() =>
                      void run({
                        kind: 'status',
                        id: t.id,
                        version: t.version,
                        status: 'in_progress',
                      })
                    }
                  >
                    Mark in progress
                  </Button>
                ) : null}
              </Group>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
