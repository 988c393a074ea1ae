import '../styles';
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTimeField } from '../../../components/date-time-field';
import { fromLocalDateTime, toLocalDateTime } from '../../../lib/format';
import {
  GRADING_METHODS,
  GRADING_METHOD_LABELS,
  REVIEW_WHEN_LABELS,
  quizSessionInputSchema,
  quizSettingsSchema,
  reviewWhenSchema,
  type QuizSessionInput,
  type QuizSettings,
  type QuizSlot,
} from '@lantern/contracts/quiz';
import { bankQuestionsQueryOptions } from '../api/get-bank-questions';
import { useBanks } from '../api/find-banks';
import { bankPaths } from '../paths';

/** The quiz part of the item form: its settings and, for a new quiz, its first session. */
export type QuizFormValue = {
  settings: QuizSettings;
  /** The item-wide session made with the quiz (sessions are edited on their page after). */
  session: QuizSessionInput;
};

export const DEFAULT_QUIZ: QuizFormValue = {
  settings: {
    slots: [],
    shuffleQuestions: false,
    shuffleAnswers: true,
    questionsPerPage: 5,
    navigation: 'free',
  },
  session: {
    classId: null,
    opensAt: null,
    closesAt: null,
    timeLimitMinutes: null,
    attemptsAllowed: 1,
    gradingMethod: 'highest',
    review: { marks: 'immediately', answers: 'after_close' },
    allowedOffline: false,
  },
};

/** A stored quiz's settings as the form's value (the session is not edited here). */
export function quizFormOf(settings: Record<string, unknown> | null): QuizFormValue {
  if (!settings || !Array.isArray(settings.slots)) return DEFAULT_QUIZ;
  return { ...DEFAULT_QUIZ, settings: { ...DEFAULT_QUIZ.settings, ...(settings as QuizSettings) } };
}

/** Σ slot points: the quiz's points, which the server sets the same way. */
export const quizPoints = (slots: QuizSlot[]) =>
  Math.round(
    slots.reduce((sum, s) => sum + (s.type === 'fixed' ? s.points : s.count * s.pointsEach), 0) *
      100,
  ) / 100;

const num = (v: number | string, fallback: number) =>
  typeof v === 'number' ? v : Number(v) || fallback;
const nullableNum = (v: number | string) => (v === '' ? null : Number(v));

/**
 * The quiz's form (decision 0020 §3.9): slots — chosen questions or random draws from the
 * course's banks — with their points, order and pages, and for a new quiz the session's
 * defaults. `errors` are the server's per-field messages (`settings.slots`, `session.…`).
 */
export function QuizFields({
  courseId,
  value,
  onChange,
  isNew,
  errors,
}: {
  courseId: number;
  value: QuizFormValue;
  onChange: (value: QuizFormValue) => void;
  isNew: boolean;
  errors: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const banks = useBanks(courseId);
  const bankList = banks.data?.items ?? [];
  const questions = useQueries({
    queries: bankList.map((b) => bankQuestionsQueryOptions(b.id)),
  });
  const questionById = new Map(
    questions.flatMap((q) =>
      q.data ? q.data.items.map((x) => [x.id, { ...x, bankId: q.data.bank.id }] as const) : [],
    ),
  );
  const bankTitle = (id: number) => bankList.find((b) => b.id === id)?.title ?? '…';
  const [bankId, setBankId] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [drawCount, setDrawCount] = useState<number | string>(5);
  const [drawPoints, setDrawPoints] = useState<number | string>(1);
  const s = value.settings;
  const session = value.session;
  const setSettings = (patch: Partial<QuizSettings>) =>
    onChange({ ...value, settings: { ...s, ...patch } });
  const setSession = (patch: Partial<QuizSessionInput>) =>
    onChange({ ...value, session: { ...session, ...patch } });
  const setSlots = (slots: QuizSlot[]) => setSettings({ slots });
  const chosenBank = bankList.find((b) => String(b.id) === bankId);
  const bankQuestions =
    questions.find((q) => q.data?.bank.id === chosenBank?.id)?.data?.items ?? [];
  const move = (i: number, by: number) => {
    const next = [...s.slots];
    const [slot] = next.splice(i, 1);
    if (slot) next.splice(i + by, 0, slot);
    setSlots(next);
  };
  const err = (key: string) => errors[key];

  return (
    <Stack gap="md">
      <Fieldset legend={t('quizAuthoring.quizQuestions', 'Questions')}>
        <Stack gap="sm">
          {bankList.length === 0 && banks.isSuccess ? (
            <Text size="sm">
              {t('quizAuthoring.noBanksYet', 'This course has no question banks yet.')}{' '}
              <Anchor component={Link} to={bankPaths.banks(courseId)}>
                {t('quizAuthoring.openBanks', 'Open the question banks')}
              </Anchor>
            </Text>
          ) : null}
          {s.slots.length > 0 ? (
            <Table.ScrollContainer minWidth={520}>
              <Table withTableBorder verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>{t('quizAuthoring.slot', 'Question or draw')}</Table.Th>
                    <Table.Th>{t('quizAuthoring.slotPoints', 'Points')}</Table.Th>
                    <Table.Th>{t('quizAuthoring.actions', 'Actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.slots.map((slot, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>
                        {slot.type === 'fixed' ? (
                          <Text size="sm">
                            {questionById.get(slot.questionId)?.title ??
                              t('quizAuthoring.questionN', 'Question {{id}}', {
                                id: slot.questionId,
                              })}
                          </Text>
                        ) : (
                          <Group gap="xs" wrap="nowrap">
                            <NumberInput
                              size="xs"
                              w={80}
                              min={1}
                              max={50}
                              aria-label={t(
                                'quizAuthoring.drawCountOf',
                                'How many drawn from {{bank}}',
                                {
                                  bank: bankTitle(slot.bankId),
                                },
                              )}
                              value={slot.count}
                              onChange={(v) =>
                                setSlots(
                                  s.slots.map((x, j) =>
                                    j === i && x.type === 'random' ? { ...x, count: num(v, 1) } : x,
                                  ),
                                )
                              }
                            />
                            <Text size="sm">
                              {t('quizAuthoring.randomFrom', 'at random from “{{bank}}”', {
                                bank: bankTitle(slot.bankId),
                              })}
                            </Text>
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          size="xs"
                          w={110}
                          min={0.01}
                          max={10000}
                          decimalScale={2}
                          aria-label={
                            slot.type === 'fixed'
                              ? t('quizAuthoring.pointsOfSlot', 'Points of row {{n}}', { n: i + 1 })
                              : t(
                                  'quizAuthoring.pointsEachOfSlot',
                                  'Points of each question of row {{n}}',
                                  { n: i + 1 },
                                )
                          }
                          description={
                            slot.type === 'random' ? t('quizAuthoring.each', 'each') : undefined
                          }
                          value={slot.type === 'fixed' ? slot.points : slot.pointsEach}
                          error={
                            err(`settings.slots.${i}.points`) ??
                            err(`settings.slots.${i}.pointsEach`)
                          }
                          onChange={(v) =>
                            setSlots(
                              s.slots.map((x, j) =>
                                j !== i
                                  ? x
                                  : x.type === 'fixed'
                                    ? { ...x, points: num(v, 1) }
                                    : { ...x, pointsEach: num(v, 1) },
                              ),
                            )
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={2} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            disabled={i === 0}
                            aria-label={t('quizAuthoring.moveUp', 'Move row {{n}} up', {
                              n: i + 1,
                            })}
                            onClick={() => move(i, -1)}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            disabled={i === s.slots.length - 1}
                            aria-label={t('quizAuthoring.moveDown', 'Move row {{n}} down', {
                              n: i + 1,
                            })}
                            onClick={() => move(i, 1)}
                          >
                            ↓
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red.9"
                            aria-label={t('quizAuthoring.removeRow', 'Remove row {{n}}', {
                              n: i + 1,
                            })}
                            onClick={() => setSlots(s.slots.filter((_, j) => j !== i))}
                          >
                            ✕
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Text size="sm">
            {t('quizAuthoring.totalPoints', 'The quiz is worth {{points}} points.', {
              points: quizPoints(s.slots),
            })}
          </Text>
          {(err('settings.slots') ?? err('settings')) ? (
            <Text size="sm" c="red.9" role="alert">
              {err('settings.slots') ?? err('settings')}
            </Text>
          ) : null}
          {bankList.length > 0 ? (
            <Fieldset legend={t('quizAuthoring.addFromBank', 'Add from a bank')} variant="filled">
              <Stack gap="xs">
                <Select
                  label={t('quizAuthoring.chooseBank', 'Bank')}
                  data={bankList.map((b) => ({
                    value: String(b.id),
                    label: t('quizAuthoring.bankOption', '{{title}} ({{count}} questions)', {
                      title: b.title,
                      count: b.questionCount,
                    }),
                  }))}
                  value={bankId}
                  onChange={(v) => {
                    setBankId(v);
                    setPicked([]);
                  }}
                  maw={420}
                />
                {chosenBank ? (
                  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                    <Stack gap={4}>
                      <MultiSelect
                        label={t('quizAuthoring.pickQuestions', 'These questions')}
                        searchable
                        data={bankQuestions.map((q) => ({ value: String(q.id), label: q.title }))}
                        value={picked}
                        onChange={setPicked}
                      />
                      <Group>
                        <Button
                          size="xs"
                          variant="light"
                          disabled={picked.length === 0}
                          onClick={() => {
                            setSlots([
                              ...s.slots,
                              ...picked.map((id): QuizSlot => ({
                                type: 'fixed',
                                questionId: Number(id),
                                points: questionById.get(Number(id))?.defaultPoints ?? 1,
                              })),
                            ]);
                            setPicked([]);
                          }}
                        >
                          {t('quizAuthoring.addPicked', 'Add the chosen questions')}
                        </Button>
                      </Group>
                    </Stack>
                    <Stack gap={4}>
                      <Group gap="xs" align="flex-end" wrap="wrap">
                        <NumberInput
                          label={t('quizAuthoring.drawCount', 'Draw at random')}
                          min={1}
                          max={50}
                          w={130}
                          value={drawCount}
                          onChange={setDrawCount}
                        />
                        <NumberInput
                          label={t('quizAuthoring.drawPoints', 'Points each')}
                          min={0.01}
                          decimalScale={2}
                          w={130}
                          value={drawPoints}
                          onChange={setDrawPoints}
                        />
                        <Button
                          size="xs"
                          variant="light"
                          mb={4}
                          onClick={() =>
                            setSlots([
                              ...s.slots,
                              {
                                type: 'random',
                                bankId: chosenBank.id,
                                count: num(drawCount, 1),
                                pointsEach: num(drawPoints, 1),
                              },
                            ])
                          }
                        >
                          {t('quizAuthoring.addDraw', 'Add the draw')}
                        </Button>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t(
                          'quizAuthoring.drawHelp',
                          'Each attempt draws its own questions; none twice.',
                        )}
                      </Text>
                    </Stack>
                  </SimpleGrid>
                ) : null}
              </Stack>
            </Fieldset>
          ) : null}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('quizAuthoring.layout', 'Order and pages')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t('quizAuthoring.perPage', 'Questions per page')}
            description={t('quizAuthoring.perPageHelp', '0: all on one page')}
            min={0}
            max={50}
            value={s.questionsPerPage}
            error={err('settings.questionsPerPage')}
            onChange={(v) => setSettings({ questionsPerPage: num(v, 0) })}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="quiz-navigation">
              {t('quizAuthoring.navigation', 'Moving between pages')}
            </Text>
            <SegmentedControl
              aria-labelledby="quiz-navigation"
              value={s.navigation}
              onChange={(v) =>
                setSettings({ navigation: v === 'sequential' ? 'sequential' : 'free' })
              }
              data={[
                { value: 'free', label: t('quizAuthoring.free', 'Freely') },
                { value: 'sequential', label: t('quizAuthoring.sequential', 'Forward only') },
              ]}
            />
          </Stack>
          <Checkbox
            label={t('quizAuthoring.shuffleQuestions', 'Shuffle the questions in each attempt')}
            checked={s.shuffleQuestions}
            onChange={(e) => setSettings({ shuffleQuestions: e.currentTarget.checked })}
          />
          <Checkbox
            label={t('quizAuthoring.shuffleAnswers', 'Shuffle the choices in each attempt')}
            checked={s.shuffleAnswers}
            onChange={(e) => setSettings({ shuffleAnswers: e.currentTarget.checked })}
          />
        </SimpleGrid>
      </Fieldset>
      {isNew ? (
        <Fieldset legend={t('quizAuthoring.session', 'When and how it is taken (every class)')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateTimeField
              label={t('quizAuthoring.opensAt', 'Opens')}
              description={t('quizAuthoring.opensHelp', 'Empty: when the item is released')}
              value={toLocalDateTime(session.opensAt)}
              error={err('session.opensAt')}
              onChange={(v) => setSession({ opensAt: fromLocalDateTime(v) })}
            />
            <DateTimeField
              label={t('quizAuthoring.closesAt', 'Closes')}
              description={t('quizAuthoring.closesHelp', 'Empty: while the unit is open')}
              value={toLocalDateTime(session.closesAt)}
              error={err('session.closesAt')}
              defaultTime="23:59"
              onChange={(v) => setSession({ closesAt: fromLocalDateTime(v) })}
            />
            <NumberInput
              label={t('quizAuthoring.timeLimit', 'Time limit (minutes)')}
              description={t('quizAuthoring.timeLimitHelp', 'Empty: no limit')}
              min={1}
              max={600}
              value={session.timeLimitMinutes ?? ''}
              error={err('session.timeLimitMinutes')}
              onChange={(v) => setSession({ timeLimitMinutes: nullableNum(v) })}
            />
            <NumberInput
              label={t('quizAuthoring.attemptsAllowed', 'Attempts allowed')}
              description={t('quizAuthoring.attemptsHelp', 'Empty: no limit')}
              min={1}
              max={20}
              value={session.attemptsAllowed ?? ''}
              error={err('session.attemptsAllowed')}
              onChange={(v) => setSession({ attemptsAllowed: nullableNum(v) })}
            />
            <Select
              label={t('quizAuthoring.gradingMethod', 'Grade from the attempts')}
              allowDeselect={false}
              data={GRADING_METHODS.map((m) => ({
                value: m,
                label: t(`quiz.gradingMethod.${m}`, GRADING_METHOD_LABELS[m]),
              }))}
              value={session.gradingMethod}
              onChange={(v) => {
                const m = GRADING_METHODS.find((x) => x === v);
                if (m) setSession({ gradingMethod: m });
              }}
            />
            <div />
            {(['marks', 'answers'] as const).map((part) => (
              <Select
                key={part}
                label={
                  part === 'marks'
                    ? t('quizAuthoring.reviewMarks', 'Learners see their marks')
                    : t('quizAuthoring.reviewAnswers', 'Learners see the right answers')
                }
                allowDeselect={false}
                data={reviewWhenSchema.options.map((w) => ({
                  value: w,
                  label: t(`quiz.reviewWhen.${w}`, REVIEW_WHEN_LABELS[w]),
                }))}
                value={session.review[part]}
                onChange={(v) => {
                  const w = reviewWhenSchema.options.find((x) => x === v);
                  if (w) setSession({ review: { ...session.review, [part]: w } });
                }}
              />
            ))}
            <Switch
              label={t(
                'quizAuthoring.allowedOffline',
                'May be taken offline (only without a time limit)',
              )}
              checked={session.allowedOffline}
              error={err('session.allowedOffline')}
              onChange={(e) => setSession({ allowedOffline: e.currentTarget.checked })}
            />
          </SimpleGrid>
        </Fieldset>
      ) : (
        <Text size="sm" c="dimmed">
          {t(
            'quizAuthoring.sessionsElsewhere',
            'Times, limits and attempts are set on the quiz’s sessions page.',
          )}
        </Text>
      )}
    </Stack>
  );
}

/** The quiz part's per-field messages before sending, by the shared schemas. */
export function quizErrors(value: QuizFormValue, isNew: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (prefix: string, issues: { path: PropertyKey[]; message: string }[]) => {
    for (const issue of issues) {
      const key = [prefix, ...issue.path.map(String)].join('.');
      out[key] ??= issue.message;
    }
  };
  const settings = quizSettingsSchema.safeParse(value.settings);
  if (!settings.success) add('settings', settings.error.issues);
  if (isNew) {
    const session = quizSessionInputSchema.safeParse(value.session);
    if (!session.success) add('session', session.error.issues);
  }
  return out;
}
