import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { ISSUE_DESCRIPTION_MIN, issueDescription } from '@lantern/contracts/communication';
import type { CurrentUser } from '@lantern/contracts/current-user';
import { ERROR_TEXTS, VALIDATION } from '@lantern/contracts/messages';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@lantern/contracts/profile';
import { useAppState } from '../../../lib/app-store';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useCreateSupportIssue } from '../api/create-support-issue';
import {
  buildIssueReport,
  cleanIssueType,
  helpdeskMailto,
  issueTitle,
  newestFirst,
  readableError,
} from './issue-report';
import { formatDateTime } from '../../../lib/format';

const REPORT_TEXTS = outcomeTexts('Problem reported', 'The problem was not reported');

type IssueReportViewProps = {
  issueType: string | null;
  user: CurrentUser;
  helpdeskEmail: string | null;
  version: string;
  /** The page the user came from (the address the report is about). */
  fromPage: string | null;
};

const ACCEPTED: ReadonlySet<string> = new Set(IMAGE_MIME_TYPES);

/** The issue report form (spec §1, §2 support_issue): a description of at least 50 characters,
 * an optional screenshot, and — attached by the app — the JWL-ID, the page address, and the
 * errors this tab recorded. It is stored and sent to the helpdesk. */
export function IssueReportView({
  issueType,
  user,
  helpdeskEmail,
  version,
  fromPage,
}: IssueReportViewProps) {
  const errors = useAppState((s) => s.errors);
  const [description, setDescription] = useState('');
  const [course, setCourse] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const mutation = useCreateSupportIssue();
  const title = issueTitle(issueType);
  const newest = newestFirst(errors)[0];
  const pageUrl = fromPage ?? newest?.page ?? '';

  const submit = async () => {
    const checked = issueDescription.safeParse(description);
    const found: Record<string, string> = {};
    if (!checked.success) found.description = checked.error.issues[0]?.message ?? VALIDATION.text;
    if (screenshot && (!ACCEPTED.has(screenshot.type) || screenshot.size > MAX_IMAGE_BYTES))
      found.screenshot = VALIDATION.file;
    setFieldErrors(found);
    if (Object.keys(found).length > 0) {
      notifyFailure('issue-report', undefined, REPORT_TEXTS);
      return;
    }
    try {
      await mutation.mutateAsync({
        issueType: cleanIssueType(issueType),
        description,
        pageUrl,
        course,
        errors,
        userAgent: window.navigator.userAgent,
        screenshot,
      });
      notifySuccess('issue-report', REPORT_TEXTS);
    } catch (error) {
      if (isApiError(error)) setFieldErrors(error.fields);
      notifyFailure('issue-report', displayError(error), REPORT_TEXTS);
    }
  };

  if (mutation.data) {
    return (
      <Stack gap="md" maw={860}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Alert color="green.9" variant="light" role="status">
          {mutation.data.message} Its number is #{mutation.data.id}.
        </Alert>
        <Anchor component={Link} to="/en/home">
          Back to the start page
        </Anchor>
      </Stack>
    );
  }

  const details = buildIssueReport({
    issueType,
    user,
    errors,
    version,
    origin: window.location.origin,
    userAgent: window.navigator.userAgent,
    reportedAt: new Date(),
  });

  return (
    <Stack gap="md" maw={860}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text>{ERROR_TEXTS.defaultText}</Text>

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="What happened?"
            description={`At least ${ISSUE_DESCRIPTION_MIN} characters: what you did, what you expected, what you saw.`}
            required
            autosize
            minRows={5}
            value={description}
            error={fieldErrors.description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
            }}
          />
          <Text size="xs" c="gray.7" aria-live="polite">
            {description.trim().length} / {ISSUE_DESCRIPTION_MIN} characters
          </Text>
          <TextInput
            label="Course (if it concerns one)"
            value={course}
            maxLength={200}
            onChange={(event) => {
              setCourse(event.currentTarget.value);
            }}
          />
          <FileInput
            label="Screenshot (optional)"
            description="A JPEG or PNG image"
            accept="image/png,image/jpeg"
            clearable
            value={screenshot}
            error={fieldErrors.screenshot}
            onChange={setScreenshot}
          />
          <Paper withBorder p="sm">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Sent with your report
              </Text>
              <Text size="sm">
                Your JWL-ID:{' '}
                <Text span fw={700}>
                  {user.id}
                </Text>
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Page address: {pageUrl ? `${window.location.origin}${pageUrl}` : 'none'}
              </Text>
              <Text size="sm">Recorded errors: {errors.length}</Text>
            </Stack>
          </Paper>
          <Button type="submit" loading={mutation.isPending} w="fit-content">
            Send to the helpdesk
          </Button>
          {helpdeskEmail ? (
            <Text size="sm" c="gray.7">
              Or write to{' '}
              <Anchor href={helpdeskMailto(helpdeskEmail, `Lantern: ${title}`, details)}>
                {helpdeskEmail}
              </Anchor>
              .
            </Text>
          ) : null}
        </Stack>
      </form>

      <Stack gap="xs">
        <Title order={2} fz="h4">
          Recorded errors ({errors.length})
        </Title>
        <Text size="sm" c="gray.7">
          What went wrong in this browser tab since Lantern was opened in it, newest first.
        </Text>
        {errors.length === 0 ? (
          <Text>No errors are recorded.</Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {newestFirst(errors).map((entry, index) => (
              <Paper component="li" withBorder p="sm" key={`${entry.timestamp}-${index}`}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {readableError(entry.error)}
                </Text>
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  Page:{' '}
                  <Anchor component={Link} to={entry.page} size="sm">
                    {entry.page}
                  </Anchor>
                </Text>
                <Text size="sm" c="gray.7">
                  Time: <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
