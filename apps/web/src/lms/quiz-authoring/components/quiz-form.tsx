import '../styles';
import {
  ActionIcon,
  Anchor,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  quizSessionInputSchema,
  quizSettingsSchema,
  type QuizSessionInput,
  type QuizSettings,
  type QuizSlot,
} from '@lantern/contracts/quiz';
import { bankQuestionsQueryOptions } from '../api/get-bank-questions';
import { useBanks } from '../api/find-banks';
import { bankPaths } from '../paths';
import { AddFromBank } from './add-from-bank';
import { num } from './quiz-numbers';
import { QuizLayoutFields } from './quiz-layout-fields';
import { QuizSessionFields } from './quiz-session-fields';

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
  const s = value.settings;
  const session = value.session;
  const setSettings = (patch: Partial<QuizSettings>) =>
    onChange({ ...value, settings: { ...s, ...patch } });
  const setSession = (patch: Partial<QuizSessionInput>) =>
    onChange({ ...value, session: { ...session, ...patch } });
  const setSlots = (slots: QuizSlot[]) => setSettings({ slots });
  const bankQuestionsOf = (id: number) =>
    questions.find((q) => q.data?.bank.id === id)?.data?.items ?? [];
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
            <AddFromBank
              banks={bankList}
              questionsOf={bankQuestionsOf}
              questionById={questionById}
              slots={s.slots}
              setSlots={setSlots}
            />
          ) : null}
        </Stack>
      </Fieldset>
      <QuizLayoutFields settings={s} setSettings={setSettings} err={err} />
      {isNew ? (
        <QuizSessionFields session={session} setSession={setSession} err={err} />
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
