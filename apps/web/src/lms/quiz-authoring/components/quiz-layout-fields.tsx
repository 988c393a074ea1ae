import {
  Checkbox,
  Fieldset,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuizSettings } from '@lantern/contracts/quiz';
import { num } from './quiz-numbers';

/** The quiz's order and pages: questions per page, navigation, shuffling. */
export function QuizLayoutFields({
  settings,
  setSettings,
  err,
}: {
  settings: QuizSettings;
  setSettings: (patch: Partial<QuizSettings>) => void;
  err: (key: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('quizAuthoring.layout', 'Order and pages')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('quizAuthoring.perPage', 'Questions per page')}
          description={t('quizAuthoring.perPageHelp', '0: all on one page')}
          min={0}
          max={50}
          value={settings.questionsPerPage}
          error={err('settings.questionsPerPage')}
          onChange={(v) => setSettings({ questionsPerPage: num(v, 0) })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="quiz-navigation">
            {t('quizAuthoring.navigation', 'Moving between pages')}
          </Text>
          <SegmentedControl
            aria-labelledby="quiz-navigation"
            value={settings.navigation}
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
          checked={settings.shuffleQuestions}
          onChange={(e) => setSettings({ shuffleQuestions: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('quizAuthoring.shuffleAnswers', 'Shuffle the choices in each attempt')}
          checked={settings.shuffleAnswers}
          onChange={(e) => setSettings({ shuffleAnswers: e.currentTarget.checked })}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
