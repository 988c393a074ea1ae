import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import type { ReactNode } from 'react';
import { Drawer, Stack } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@lantern/contracts/current-user';
import type { Mode } from '@lantern/contracts/enums';
import { LazyImpersonationSearch } from './lazy-impersonation-search';
import { MobileMenu } from './mobile-menu';
import { ModeSwitch } from './mode-switch';
import { ReportErrorLink } from './report-error-link';

type HeaderDrawerProps = {
  opened: boolean;
  onClose: () => void;
  menu: MenuNode[];
  menuError: string | null;
  mode: Mode;
  switchesMode: boolean;
  canSearchImpersonation: boolean;
  exitButton: ReactNode;
};

/** The compact menu in a drawer (narrow screens, and wider ones where the nav bar does not fit:
 * `useCompactMenu`); its chunk loads when the burger is first pressed. */
export function HeaderDrawer({
  opened,
  onClose,
  menu,
  menuError,
  mode,
  switchesMode,
  canSearchImpersonation,
  exitButton,
}: HeaderDrawerProps) {
  const { t } = useTranslation();
  // Mounted by the first press, it renders closed once so that it slides in as it does later.
  const isMounted = useMounted();
  return (
    <Drawer
      opened={opened && isMounted}
      onClose={onClose}
      title={t('shell.menu.title')}
      closeButtonProps={{ 'aria-label': t('shell.menu.close') }}
      size={300}
    >
      <Stack gap="md">
        {switchesMode ? <ModeSwitch mode={mode} /> : null}
        <MobileMenu menu={menu} menuError={menuError} onNavigate={onClose} />
        <ReportErrorLink onNavigate={onClose} />
        {canSearchImpersonation ? <LazyImpersonationSearch width="100%" /> : null}
        {exitButton}
      </Stack>
    </Drawer>
  );
}
