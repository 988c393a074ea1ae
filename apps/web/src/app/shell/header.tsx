import { Anchor, Box, Burger, Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { ImpersonationSearch } from '../../features/impersonation/components/impersonation-search';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useAppState } from '../../lib/app-store';
import type { SessionData } from '../../lib/base-data';
import { getImpersonatedUsername, setImpersonatedUsername } from '../../lib/storage';
import { LanguageSwitcher } from './language-switcher';
import { MainMenu } from './main-menu';
import { MobileMenu } from './mobile-menu';
import { ProfileFlyout } from './profile-flyout';
import { useHeaderVisibility } from './use-header-visibility';

function exitImpersonation(): void {
  setImpersonatedUsername(null);
  window.location.reload();
}

function ReportErrorLink({ onNavigate }: { onNavigate?: () => void }) {
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
      Report error
    </Anchor>
  );
}

export function Header({ session }: { session: SessionData }) {
  const { user, menu, menuError } = session;
  const isVisible = useHeaderVisibility();
  const mode = useAppState((s) => s.mode);
  const [drawerOpened, drawer] = useDisclosure(false);
  const isImpersonating = user.impersonated || getImpersonatedUsername() !== null;

  const exitButton = isImpersonating ? (
    <Button size="xs" color="orange.9" variant="filled" onClick={exitImpersonation}>
      Exit impersonation
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
            aria-label={drawerOpened ? 'Close the menu' : 'Open the menu'}
          />
          <Anchor component={Link} to="/en/home" underline="never" aria-label="Lantern, start page">
            <Logo />
          </Anchor>
          <Box component="nav" aria-label="Main" visibleFrom="lg" ml="sm">
            <MainMenu menu={menu} menuError={menuError} />
          </Box>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Box visibleFrom="lg">
            <ReportErrorLink />
          </Box>
          {user.canImpersonate && !isImpersonating ? (
            <Box visibleFrom="lg">
              <ImpersonationSearch />
            </Box>
          ) : null}
          <Box visibleFrom="sm">{exitButton}</Box>
          {mode === 'lms' ? <LanguageSwitcher /> : null}
          <NotificationBell />
          <ProfileFlyout user={user} />
        </Group>
      </Group>
      <Drawer opened={drawerOpened} onClose={drawer.close} title="Menu" size={300} hiddenFrom="lg">
        <Stack gap="md">
          <MobileMenu menu={menu} menuError={menuError} onNavigate={drawer.close} />
          <ReportErrorLink onNavigate={drawer.close} />
          {user.canImpersonate && !isImpersonating ? <ImpersonationSearch width="100%" /> : null}
          {exitButton}
        </Stack>
      </Drawer>
    </header>
  );
}
