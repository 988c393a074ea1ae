import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Mode } from '@lantern/contracts/enums';
import { HOME_PATHS } from '../../lib/route-modes';

const HALVES: { mode: Mode; label: string }[] = [
  { mode: 'lms', label: 'shell.mode.lms' },
  { mode: 'sis', label: 'shell.mode.sis' },
];

/**
 * The header switch "Learning / Student information": two links to the two homes, the current
 * mode marked. The mode follows the route; the sis home is a page of both modes, so its link
 * also asks for its mode.
 */
export function ModeSwitch({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  return (
    <Group
      component="nav"
      aria-label={t('shell.mode.label')}
      gap={0}
      wrap="nowrap"
      className="mode-switch"
    >
      {HALVES.map((half) => {
        const isCurrent = half.mode === mode;
        return (
          <Button
            key={half.mode}
            component={Link}
            to={HOME_PATHS[half.mode]}
            state={{ mode: half.mode }}
            size="compact-xs"
            variant={isCurrent ? 'filled' : 'default'}
            aria-current={isCurrent ? 'true' : undefined}
          >
            {t(half.label)}
          </Button>
        );
      })}
    </Group>
  );
}
