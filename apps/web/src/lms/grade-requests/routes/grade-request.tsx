import '../styles';
import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useGradeRequest } from '../api/get-grade-request';
import { AffectedCertificates } from '../components/affected-certificates';
import { DecideActions } from '../components/decide-actions';
import { RequestHistory } from '../components/request-history';
import {
  changeText,
  kindLabel,
  STATE_COLORS,
  stateLabel,
  studentName,
  subjectText,
  valueText,
} from '../labels';
import { GRADE_REQUESTS_PATH } from '../paths';

export const loader = requireRight('GRADE_CHANGE_REQUEST__DISPLAY');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.8">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

/** learning/grade-request/:id: the request, the grade now, its history; approve, decline or
 * withdraw; for a grade change the certificates that show the old result. */
export default function GradeRequestPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data, error, isPending } = useGradeRequest(id);
  if (error) return <ErrorAlert error={error} />;
  if (isPending) return <Loader size="sm" role="status" aria-label={t('lms.loading', 'Loading')} />;
  const r = data.request;
  const current = data.current;
  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={GRADE_REQUESTS_PATH} size="sm">
        ← {t('requests.queue.title', 'Grade requests')}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Title order={1} size="h3">
            {t('requests.page.title', '{{kind}} #{{id}}', { kind: kindLabel(t, r.kind), id: r.id })}
          </Title>
          <Text size="sm" c="gray.8">
            {subjectText(t, r)} · {studentName(r)}
            {r.class ? ` · ${r.class.name}` : ''}
          </Text>
        </div>
        <Badge color={STATE_COLORS[r.state]} variant="light" c="dark.8" size="lg" tt="none">
          {stateLabel(t, r.state)}
        </Badge>
      </Group>
      {data.stale && r.state === 'open' ? (
        <Alert color="orange.9" variant="light" role="alert">
          {t(
            'requests.stale.text',
            'The grade changed since this request was made: it is now {{value}}. This request cannot be approved: decline it, or ask again.',
            {
              value: current
                ? `${valueText(t, current, r.maxPoints)}${current.published ? '' : ` (${t('requests.stale.draft', 'draft')})`}`
                : t('requests.stale.gone', 'no grade'),
            },
          )}
        </Alert>
      ) : null}
      <AffectedCertificates
        certificates={data.certificates}
        mayRevoke={data.mayRevokeCertificates}
      />
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Fact label={t('requests.page.course', 'Course')}>
            {r.course.code} · {r.course.title}
          </Fact>
          <Fact label={t('requests.page.subject', 'Grade of')}>
            {r.item ? r.item.title : t('requests.courseResult', 'Course result')}
          </Fact>
          <Fact label={t('requests.page.student', 'Student')}>{studentName(r)}</Fact>
          <Fact label={t('requests.page.change', 'Asked')}>{changeText(t, r)}</Fact>
          {r.to?.comment ? (
            <Fact label={t('requests.page.newComment', 'New comment for the student')}>
              {r.to.comment}
            </Fact>
          ) : null}
          <Fact label={t('requests.page.now', 'The grade now')}>
            {current
              ? `${valueText(t, current, r.maxPoints)} · ${
                  current.published
                    ? t('requests.page.published', 'published')
                    : t('requests.page.draft', 'draft, not visible to the student')
                }`
              : t('requests.stale.gone', 'no grade')}
          </Fact>
          <Fact label={t('requests.page.requestedBy', 'Asked by')}>
            {r.requestedBy.name} · {formatDateTime(r.requestedAt)}
          </Fact>
          {r.decidedBy && r.decidedAt ? (
            <Fact label={t('requests.page.decidedBy', 'Decided by')}>
              {r.decidedBy.name} · {formatDateTime(r.decidedAt)}
            </Fact>
          ) : null}
        </SimpleGrid>
        <Stack gap="xs" mt="sm">
          <Fact label={t('requests.page.reason', 'Reason')}>{r.reason}</Fact>
          {r.decisionNote ? (
            <Fact label={t('requests.page.note', 'Decision note')}>{r.decisionNote}</Fact>
          ) : null}
        </Stack>
      </Paper>
      <DecideActions detail={data} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('requests.history.title', 'History')}
        </Title>
        <RequestHistory detail={data} />
      </Stack>
    </Stack>
  );
}
