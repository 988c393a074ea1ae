import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type NavigatorEntry = {
  number: number;
  answered: boolean;
  flagged: boolean;
  current: boolean;
  /** A page the learner may no longer go back to (sequential navigation). */
  locked: boolean;
};

/**
 * The question navigator: a wrapping row of numbered buttons, each saying whether it is
 * answered, flagged and current in its accessible name as well as by its look.
 */
export function QuestionNavigator({
  entries,
  onGo,
}: {
  entries: NavigatorEntry[];
  onGo: (number: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('quiz.take.navigator', 'Questions')}>
      <Group gap={6} wrap="wrap">
        {entries.map((e) => {
          const states = [
            e.answered
              ? t('quiz.take.answered', 'answered')
              : t('quiz.take.notAnswered', 'not answered'),
            ...(e.flagged ? [t('quiz.take.flagged', 'flagged')] : []),
          ].join(', ');
          return (
            <Button
              key={e.number}
              size="compact-sm"
              miw={38}
              variant={e.current ? 'filled' : e.answered ? 'light' : 'default'}
              color={e.flagged && !e.current ? 'red.9' : undefined}
              disabled={e.locked}
              aria-current={e.current ? 'step' : undefined}
              aria-label={t('quiz.take.goTo', 'Question {{n}}, {{states}}', {
                n: e.number,
                states,
              })}
              onClick={() => onGo(e.number)}
              style={e.flagged ? { outline: '2px solid var(--mantine-color-red-9)' } : undefined}
            >
              {e.number}
              {e.flagged ? (
                <Text component="span" size="xs" ms={2} aria-hidden>
                  ⚑
                </Text>
              ) : null}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
