import '../styles';
import {
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { QUESTION_KIND_LABELS, QUESTION_KINDS, type QuestionKind } from '@lantern/contracts/quiz';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useDeleteQuestion } from '../api/delete-question';
import { useBankQuestions } from '../api/get-bank-questions';
import { useQuestion } from '../api/get-question';
import { useSaveQuestion } from '../api/save-question';
import { newQuestion, QuestionForm, questionToInput } from '../components/question-form';
import { TryQuestion } from '../components/try-question';
import { bankPaths } from '../paths';

export const loader = requireRight('COURSE_TASK__EDIT');

const kindLabel = (t: (k: string, d: string) => string, kind: QuestionKind) =>
  t(`quiz.questionKind.${kind}`, QUESTION_KIND_LABELS[kind]);

const isKind = (v: string | null): v is QuestionKind =>
  (QUESTION_KINDS as readonly string[]).includes(v ?? '');

/** Editing one question (new or stored), with "Try it" beside a stored one. */
function QuestionEditor({
  courseId,
  bankId,
  questionId,
  kind,
}: {
  courseId: number;
  bankId: number;
  questionId: number | null;
  kind: QuestionKind;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = useQuestion(questionId);
  const save = useSaveQuestion();
  const remove = useDeleteQuestion();
  const back = () => void navigate(bankPaths.bank(courseId, bankId));
  if (questionId !== null && stored.isPending)
    return <Loader role="status" aria-label={t('lms.loading', 'Loading')} />;
  if (stored.error) return <ErrorAlert error={stored.error} />;
  const question = stored.data ?? null;
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, lg: question ? 7 : 12 }}>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {question
                ? t('quizAuthoring.editQuestion', 'Edit “{{title}}”', { title: question.title })
                : t('quizAuthoring.newQuestion', 'New question: {{kind}}', {
                    kind: kindLabel(t, kind).toLowerCase(),
                  })}
            </Title>
            <QuestionForm
              key={question ? `${question.id}-${question.version}` : `new-${kind}`}
              initial={question ? questionToInput(question) : newQuestion(kind)}
              saving={save.isPending}
              serverError={save.error ?? remove.error}
              onCancel={back}
              onSubmit={(value) =>
                save.mutate(
                  question
                    ? {
                        bankId,
                        questionId: question.id,
                        data: { ...value, version: question.version },
                      }
                    : { bankId, questionId: null, data: value },
                  {
                    onSuccess: (saved) =>
                      void navigate(bankPaths.bank(courseId, bankId, `?question=${saved.id}`), {
                        replace: true,
                      }),
                  },
                )
              }
            >
              {question ? (
                <Button
                  color="red"
                  variant="subtle"
                  loading={remove.isPending}
                  onClick={() => {
                    if (
                      window.confirm(
                        t('quizAuthoring.confirmDeleteQuestion', 'Delete “{{title}}”?', {
                          title: question.title,
                        }),
                      )
                    )
                      remove.mutate(
                        { questionId: question.id, version: question.version },
                        { onSuccess: back },
                      );
                  }}
                >
                  {t('quizAuthoring.delete', 'Delete')}
                </Button>
              ) : null}
            </QuestionForm>
            {save.isSuccess ? (
              <Text size="sm" role="status">
                {t('quizAuthoring.saved', 'Saved.')}
              </Text>
            ) : null}
          </Stack>
        </Card>
      </Grid.Col>
      {question ? (
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TryQuestion key={`${question.id}-${question.version}`} question={question} />
        </Grid.Col>
      ) : null}
    </Grid>
  );
}

/**
 * course/:courseId/question-banks/:bankId: the bank's questions, "Add a question" by kind, and
 * (with `?question=`) one question's form with "Try it".
 */
export default function QuestionBankRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = Number(params.courseId);
  const bankId = Number(params.bankId);
  const [search] = useSearchParams();
  const questionParam = search.get('question');
  const kindParam = search.get('kind');
  const bank = useBankQuestions(bankId);
  const editing = questionParam !== null;
  const data = bank.data;
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Anchor component={Link} to={bankPaths.banks(courseId)} size="sm">
            {t('quizAuthoring.allBanks', 'All question banks')}
          </Anchor>
          <Title order={1} size="h2">
            {data?.bank.title ?? t('quizAuthoring.bank', 'Bank')}
          </Title>
        </div>
        {!editing ? (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button>{t('quizAuthoring.addQuestion', 'Add a question')}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              {QUESTION_KINDS.map((kind) => (
                <Menu.Item
                  key={kind}
                  component={Link}
                  to={bankPaths.bank(courseId, bankId, `?question=new&kind=${kind}`)}
                >
                  {kindLabel(t, kind)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      {bank.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      <ErrorAlert error={bank.error} />
      {editing ? (
        <QuestionEditor
          courseId={courseId}
          bankId={bankId}
          questionId={questionParam === 'new' ? null : Number(questionParam)}
          kind={isKind(kindParam) ? kindParam : 'single'}
        />
      ) : data ? (
        data.items.length === 0 ? (
          <Text size="sm">
            {t('quizAuthoring.noQuestions', 'No questions yet: add one with “Add a question”.')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('quizAuthoring.questionTitle', 'Question')}</Table.Th>
                  <Table.Th>{t('quizAuthoring.kind', 'Kind')}</Table.Th>
                  <Table.Th>{t('quizAuthoring.defaultPoints', 'Points')}</Table.Th>
                  <Table.Th>{t('quizAuthoring.updated', 'Changed')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((q) => (
                  <Table.Tr key={q.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={bankPaths.bank(courseId, bankId, `?question=${q.id}`)}
                      >
                        {q.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{kindLabel(t, q.kind)}</Table.Td>
                    <Table.Td>{q.defaultPoints}</Table.Td>
                    <Table.Td>{formatDateTime(q.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      ) : null}
    </Stack>
  );
}
