import { Anchor, Box, Burger, Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { ImpersonationSearch } from '../../features/impersonation/components/impersonation-search';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useAppState } from '../../lib/app-store';
import type { SessionData } from '../../lib/base-data';
import { getImpersonatedUsername, setImpersonatedUsername } from '../../lib/storage';
import { HOME_PATHS, worksInBothModes } from '../route-modes';
import { LanguageSwitcher } from './language-switcher';
import { MainMenu } from './main-menu';
import { MobileMenu } from './mobile-menu';
import { ModeSwitch } from './mode-switch';
import { ProfileFlyout } from './profile-flyout';
import { useHeaderVisibility } from './use-header-visibility';

function exitImpersonation(): void {
  setImpersonatedUsername(null);
  window.location.reload();
}

function ReportErrorLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const errorCount = useAppState((s) => s.errors.length);
  const location = useLocation();
  if (errorCount === 0) return null;
  // The report says on which page the user was; the address keeps only the issue type.
  const from = location.pathname.endsWith('/support_issue')
    ? undefined
    : location.pathname + location.search;
  return (
    <Anchor
      component={Link}
      to="/en/support_issue?issueType=system-error"
      state={from ? { from } : undefined}
      onClick={onNavigate}
      size="sm"
      c="red.9"
      fw={600}
    >
      {t('shell.reportError')}
    </Anchor>
  );
}

/** The header of the signed-in app, for the mode of its base data: the lms menu, home and
 * language switcher in lms, the sis ones in sis, and the switch between them (decision 0019). */
export function Header({ session }: { session: SessionData }) {
  const { t } = useTranslation();
  const { user, menu, menuError } = session;
  const mode = session.basicSystemData.mode;
  const isVisible = useHeaderVisibility();
  const [drawerOpened, drawer] = useDisclosure(false);
  const isImpersonating = user.impersonated || getImpersonatedUsername() !== null;
  const switchesMode = worksInBothModes(user);

  const exitButton = isImpersonating ? (
    <Button size="xs" color="orange.9" variant="filled" onClick={exitImpersonation}>
      {t('shell.exitImpersonation')}
    </Button>
  ) : null;

  return (
    <header className="app-header" data-hidden={!isVisible || undefined}>
      <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            hiddenFrom="lg"
            size="sm"
            aria-label={drawerOpened ? t('shell.menu.close') : t('shell.menu.open')}
          />
          <Anchor
            component={Link}
            to={HOME_PATHS[mode]}
            state={{ mode }}
            underline="never"
            aria-label={t('shell.logo')}
          >
            <Logo />
          </Anchor>
          <Box component="nav" aria-label={t('shell.nav.main')} visibleFrom="lg" ms="sm">
            <MainMenu menu={menu} menuError={menuError} />
          </Box>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Box visibleFrom="lg">
            <ReportErrorLink />
          </Box>
          {user.canImpersonate && !isImpersonating ? (
            <Box visibleFrom="lg">
              <ImpersonationSearch width={150} />
            </Box>
          ) : null}
          <Box visibleFrom="sm">{exitButton}</Box>
          {switchesMode ? (
            <Box visibleFrom="md">
              <ModeSwitch mode={mode} />
            </Box>
          ) : null}
          {mode === 'lms' ? <LanguageSwitcher language={user.locale} /> : null}
          <NotificationBell />
          <ProfileFlyout user={user} />
        </Group>
      </Group>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={t('shell.menu.title')}
        closeButtonProps={{ 'aria-label': t('shell.menu.close') }}
        size={300}
        hiddenFrom="lg"
      >
        <Stack gap="md">
          {switchesMode ? <ModeSwitch mode={mode} /> : null}
          <MobileMenu menu={menu} menuError={menuError} onNavigate={drawer.close} />
          <ReportErrorLink onNavigate={drawer.close} />
          {user.canImpersonate && !isImpersonating ? <ImpersonationSearch width="100%" /> : null}
          {exitButton}
        </Stack>
      </Drawer>
    </header>
  );
}
