import { useState } from 'react';
import {
  Alert,
  Anchor,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useReport } from '../api/get-report';
import { useMatch } from '../api/get-match';
import { MatchView } from '../components/match-view';
import { ScoreBadge } from '../components/score-badge';
import { MarkedText } from '../components/marked-text';
import '../styles';

export const loader = requireRight('SUBMISSION_TURNITIN_INSTRUCTOR__DISPLAY');

/**
 * similarity/:submissionId: a work's report — score, the matches with their scores, and the
 * chosen match side by side. `?check=` reads it through the admin's routes (both texts).
 */
export default function SimilarityReportPage() {
  const { t } = useTranslation();
  const submissionId = Number(useParams().submissionId);
  const [search] = useSearchParams();
  const checkId = Number(search.get('check')) || null;
  const target = checkId === null ? { submissionId } : { checkId };
  const report = useReport(target);
  const [chosen, setChosen] = useState<number | null>(null);
  const otherId = chosen ?? report.data?.matches[0]?.otherSubmissionId ?? null;
  const match = useMatch(target, otherId);
  if (report.error) return <ErrorAlert error={report.error} />;
  if (report.isPending) return <Loader size="sm" />;
  const r = report.data;
  const check = r.check;
  return (
    <Stack gap="sm">
      <div>
        <Title order={1} size="h3">
          {t('similarity.reportTitle', 'Similarity report: {{title}}', {
            title: r.submission.item.title,
          })}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="gray.8">
            {r.submission.student.name} · {r.submission.course.code} ·{' '}
            {t('similarity.handedIn', 'handed in {{at}}', {
              at: formatDateTime(r.submission.submittedAt),
            })}
          </Text>
          <Anchor component={Link} to={`/en/grade/${r.submission.id}`} size="sm">
            {t('similarity.toGrade', 'Open the grade page')}
          </Anchor>
        </Group>
      </div>
      {check ? (
        <Group gap="xs">
          <ScoreBadge badge={check} />
          {check.reportUrl ? (
            <Anchor href={check.reportUrl} target="_blank" rel="noopener noreferrer" size="sm">
              {t('similarity.externalReport', "Open the similarity service's report")}
            </Anchor>
          ) : null}
          {check.error ? (
            <Text size="sm" c="red.9">
              {check.error}
            </Text>
          ) : null}
        </Group>
      ) : (
        <Alert color="gray">{t('similarity.noCheck', 'This work has not been checked.')}</Alert>
      )}
      {r.matches.length === 0 ? (
        <Stack gap="xs">
          {check?.status === 'done' ? (
            <Text size="sm">
              {t('similarity.noMatches', 'No passage of this work was found in other work.')}
            </Text>
          ) : null}
          {r.parts.map((p) => (
            <MarkedText
              key={p.part}
              text={p.text}
              marks={[]}
              idPrefix="this"
              current={null}
              label={t('similarity.thisWork', 'This work')}
            />
          ))}
        </Stack>
      ) : (
        <>
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder fz="sm" verticalSpacing={4}>
              <Table.Caption>
                {t(
                  'similarity.matchesCaption',
                  'Matching work, highest share first; “Handed in first” marks work handed in before this one (a copy scores like its original)',
                )}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('similarity.col.work', 'Work')}</Table.Th>
                  <Table.Th>{t('similarity.col.share', 'Share of this work')}</Table.Th>
                  <Table.Th>{t('similarity.col.longest', 'Longest run')}</Table.Th>
                  <Table.Th>{t('similarity.col.passages', 'Passages')}</Table.Th>
                  <Table.Th>{t('similarity.col.order', 'Handed in')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.matches.map((m) => (
                  <Table.Tr
                    key={m.otherSubmissionId}
                    aria-selected={m.otherSubmissionId === otherId}
                  >
                    <Table.Td>
                      <UnstyledButton
                        onClick={() => setChosen(m.otherSubmissionId)}
                        fz="sm"
                        fw={m.otherSubmissionId === otherId ? 700 : 400}
                        td="underline"
                      >
                        {m.other
                          ? m.other.name
                          : t(
                              'similarity.anotherLearner',
                              "Another learner's work (not in your classes)",
                            )}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{Math.round(m.score)} %</Table.Td>
                    <Table.Td>
                      {t('similarity.words', '{{count}} words', { count: m.longestWords })}
                    </Table.Td>
                    <Table.Td>{m.passageCount}</Table.Td>
                    <Table.Td>
                      {m.firstHandedIn === null
                        ? '—'
                        : m.firstHandedIn === 'other'
                          ? t('similarity.handedInFirst', 'Handed in first')
                          : t('similarity.handedInLater', 'Handed in later')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {match.error ? <ErrorAlert error={match.error} /> : null}
          {match.data ? (
            <MatchView key={otherId} parts={r.parts} detail={match.data} />
          ) : (
            <Loader size="sm" />
          )}
        </>
      )}
    </Stack>
  );
}
