import { useState } from 'react';
import {
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Bank, BankQuestions, QuizSlot } from '@lantern/contracts/quiz';
import { num } from './quiz-numbers';

/** Adds a bank's chosen questions, or a draw at random from it, to the quiz's slots. */
export function AddFromBank({
  banks: bankList,
  questionsOf,
  questionById,
  slots,
  setSlots,
}: {
  banks: readonly Bank[];
  questionsOf: (bankId: number) => BankQuestions['items'];
  questionById: ReadonlyMap<number, Pick<BankQuestions['items'][number], 'defaultPoints'>>;
  slots: QuizSlot[];
  setSlots: (slots: QuizSlot[]) => void;
}) {
  const { t } = useTranslation();
  const [bankId, setBankId] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [drawCount, setDrawCount] = useState<number | string>(5);
  const [drawPoints, setDrawPoints] = useState<number | string>(1);
  const chosenBank = bankList.find((b) => String(b.id) === bankId);
  const bankQuestions = chosenBank ? questionsOf(chosenBank.id) : [];
  return (
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
                      ...slots,
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
                      ...slots,
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
                {t('quizAuthoring.drawHelp', 'Each attempt draws its own questions; none twice.')}
              </Text>
            </Stack>
          </SimpleGrid>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
