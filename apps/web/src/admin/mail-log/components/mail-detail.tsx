import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import type { MailLogItem } from '@lantern/contracts/mail';
import { formatDateTime } from '../../../lib/format';

/** The whole mail as it was (or will be) sent. */
export function MailDetail({ mail, onClose }: { mail: MailLogItem | null; onClose: () => void }) {
  return (
    <Modal opened={mail !== null} onClose={onClose} title={mail?.subject ?? ''} size="lg">
      {mail ? (
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light">{mail.status}</Badge>
            <Text size="sm">To: {mail.to}</Text>
          </Group>
          <Text size="sm" c="gray.7">
            {mail.kind} · created {formatDateTime(mail.createdAt)}
            {mail.sentAt ? ` · sent ${formatDateTime(mail.sentAt)}` : ''} · attempts {mail.attempts}
          </Text>
          {mail.lastError ? (
            <Text size="sm" c="red.9">
              Last error: {mail.lastError}
            </Text>
          ) : null}
          <Text
            component="pre"
            size="sm"
            p="sm"
            bg="gray.0"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}
          >
            {mail.text}
          </Text>
        </Stack>
      ) : null}
    </Modal>
  );
}
