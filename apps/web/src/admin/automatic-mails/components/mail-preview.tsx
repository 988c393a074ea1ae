import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { FailureAlert } from '../../../components/failure-alert';
import { READABLE_TITLE } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import type { MailRef } from '../api/get-automatic-mail';
import { usePreviewAutomaticMail } from '../api/preview-automatic-mail';
import { useTestSendAutomaticMail } from '../api/test-send-automatic-mail';

type MailPreviewProps = {
  mail: MailRef;
  /** Whether the user may send a test (it needs the edit right). */
  canTestSend: boolean;
  /** Unsaved changes exist: preview and test show the saved mail. */
  isDirty: boolean;
};

/** The saved mail filled with a student's data, and a test of it sent to oneself. */
export function MailPreview({ mail, canTestSend, isDirty }: MailPreviewProps) {
  const preview = usePreviewAutomaticMail();
  const testSend = useTestSendAutomaticMail();
  const [studentId, setStudentId] = useState<number | string>('');
  const [studentError, setStudentError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const chosen = typeof studentId === 'number' ? { studentId } : {};

  const fail = (error: unknown) => {
    const field = isApiError(error) ? error.fields.studentId : undefined;
    setStudentError(field);
    setFailure(field ? null : displayError(error));
  };

  const show = async () => {
    setStudentError(undefined);
    setFailure(null);
    try {
      await preview.mutateAsync({ ...mail, ...chosen });
    } catch (error) {
      preview.reset();
      fail(error);
    }
  };

  const send = async () => {
    setStudentError(undefined);
    setFailure(null);
    setSentTo(null);
    try {
      setSentTo((await testSend.mutateAsync({ ...mail, ...chosen })).to);
    } catch (error) {
      fail(error);
    }
  };

  const filled = preview.data;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="mail-preview">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="mail-preview">
          Preview
        </Title>
        {isDirty ? (
          <Text size="sm" fw={600}>
            Preview and test show the saved mail; save your changes first.
          </Text>
        ) : null}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label="Student JWL-ID"
            description="A student of the programme; empty: the first one"
            w={240}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            value={studentId}
            onChange={(value) => {
              setStudentId(value);
              setStudentError(undefined);
            }}
            error={studentError}
          />
          <Button variant="default" loading={preview.isPending} onClick={() => void show()}>
            Preview
          </Button>
          {canTestSend ? (
            <Button variant="default" loading={testSend.isPending} onClick={() => void send()}>
              Send me a test
            </Button>
          ) : null}
        </Group>
        <FailureAlert text={failure} />
        {sentTo ? (
          <Alert
            color="teal.9"
            variant="light"
            role="status"
            title="Test sent"
            styles={READABLE_TITLE}
          >
            A test of this mail went to {sentTo}.
          </Alert>
        ) : null}
        {filled ? (
          <Paper withBorder p="sm" bg="gray.0" role="region" aria-label="Filled mail">
            <Stack gap={6}>
              <Text size="sm">
                {filled.student
                  ? `Filled with the data of ${filled.student.name} (JWL-ID ${filled.student.id}).`
                  : 'The programme has no student yet: filled with sample data.'}
              </Text>
              <Text size="sm">
                <Text span fw={600}>
                  To:
                </Text>{' '}
                {filled.recipients.join(', ')}
              </Text>
              <Text size="sm">
                <Text span fw={600}>
                  Subject:
                </Text>{' '}
                {filled.subject}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {filled.body}
              </Text>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </Paper>
  );
}
