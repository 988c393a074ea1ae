import { Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE } from '../../../lib/media';
import { useTranslation } from 'react-i18next';
import type { SubmissionView } from '@lantern/contracts/teaching';
import { RichText } from '../../../components/rich-text';

/** How much shows before "Show all": a few lines on a phone, a screenful's third beside it. */
const COLLAPSED_PX = { phone: 120, wide: 320 };

/**
 * The task's instructions on the grade page, as the learner read them. Long ones are cut with
 * "Show all", so walking the queue (previous/next) does not mean scrolling past them each time.
 */
export function TaskInstructions({ task }: { task: SubmissionView['task'] }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE);
  if (task.instructions.trim() === '') return null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="task-instructions">
      <Stack gap={4}>
        <Title order={2} size="h5" id="task-instructions">
          {t('teaching.grade.instructions', 'Instructions')}
        </Title>
        {task.instructionsChanged ? (
          <Text size="xs" c="gray.8">
            {t(
              'teaching.grade.instructionsChanged',
              'Changed since this attempt was handed in: these are the instructions the student answered.',
            )}
          </Text>
        ) : null}
        <Spoiler
          maxHeight={isPhone ? COLLAPSED_PX.phone : COLLAPSED_PX.wide}
          showLabel={t('teaching.grade.showInstructions', 'Show all instructions')}
          hideLabel={t('teaching.grade.hideInstructions', 'Show less')}
        >
          <RichText html={task.instructions} />
        </Spoiler>
      </Stack>
    </Paper>
  );
}
