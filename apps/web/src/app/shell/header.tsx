import { lazy, Suspense, useEffect, useRef } from 'react';
import { Anchor, Box, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { NotificationBell } from '../../account/notifications/components/notification-bell';
import type { SessionData } from '../../lib/base-data';
import { endImpersonation } from '../../lib/impersonation';
import { getImpersonatedUsername } from '../../lib/storage';
import { useHasBeenTrue } from '../../lib/use-has-been-true';
import { HOME_PATHS, worksInBothModes } from '../../lib/route-modes';
import { LanguageSwitcher } from './language-switcher';
import { LazyImpersonationSearch } from './lazy-impersonation-search';
import { MainMenu } from './main-menu';
import { ModeSwitch } from './mode-switch';
import { ProfileFlyout } from './profile-flyout';
import { ReportErrorLink } from './report-error-link';
import { useCompactMenu } from './use-compact-menu';
import { useHeaderVisibility } from './use-header-visibility';

/* The drawer (Mantine's Drawer, its overlay, focus trap and scroll lock, and the phone menu)
 * loads with the first press of the burger, not with every page. */
const HeaderDrawer = lazy(() =>
  import('./header-drawer').then((m) => ({ default: m.HeaderDrawer })),
);

/** The header of the signed-in app, for the mode of its base data: the lms menu, home and
 * language switcher in lms, the sis ones in sis, and the switch between them (decision 0019). */
export function Header({ session }: { session: SessionData }) {
  const { t } = useTranslation();
  const { user, menu, menuError } = session;
  const mode = session.basicSystemData.mode;
  const isVisible = useHeaderVisibility();
  const [drawerOpened, drawer] = useDisclosure(false);
  const isDrawerWanted = useHasBeenTrue(drawerOpened);
  const isImpersonating = user.impersonated || getImpersonatedUsername() !== null;
  const switchesMode = worksInBothModes(user);
  const canSearchImpersonation = user.canImpersonate && !isImpersonating;
  // A menu wider than the room beside the logo (many rights, a laptop window) gives way to the
  // burger and its drawer, so that no entry is cut off where nobody can reach it.
  const navRef = useRef<HTMLDivElement>(null);
  const isCompact = useCompactMenu(navRef);
  // Widened until the nav bar fits, the header closes the drawer it no longer offers.
  const closeDrawer = drawer.close;
  useEffect(() => {
    if (!isCompact) closeDrawer();
  }, [isCompact, closeDrawer]);

  const exitButton = isImpersonating ? (
    <Button size="xs" color="red.9" variant="filled" onClick={endImpersonation}>
      {t('shell.exitImpersonation')}
    </Button>
  ) : null;

  return (
    <header className="app-header" data-hidden={!isVisible || undefined}>
      <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {isCompact ? (
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              size="sm"
              aria-label={drawerOpened ? t('shell.menu.close') : t('shell.menu.open')}
            />
          ) : null}
          <Anchor
            component={Link}
            to={HOME_PATHS[mode]}
            state={{ mode }}
            underline="never"
            aria-label={t('shell.logo')}
          >
            <Logo />
          </Anchor>
          <Box
            ref={navRef}
            component="nav"
            aria-label={t('shell.nav.main')}
            visibleFrom="lg"
            ms="sm"
            // Room for the focus rings of its buttons, which `overflow` would cut.
            p={4}
            // Hidden, not removed, while the menu is compact: it keeps its room, so its width can
            // tell when the menu fits again; `visibility` also takes it out of the tab order.
            style={{
              flex: 1,
              minWidth: 0,
              overflow: 'hidden',
              visibility: isCompact ? 'hidden' : undefined,
            }}
          >
            <MainMenu menu={menu} menuError={menuError} />
          </Box>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Box visibleFrom="lg">
            <ReportErrorLink />
          </Box>
          {canSearchImpersonation ? (
            <Box visibleFrom="lg">
              <LazyImpersonationSearch width={150} />
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
      {isDrawerWanted ? (
        <Suspense fallback={null}>
          <HeaderDrawer
            opened={drawerOpened && isCompact}
            onClose={drawer.close}
            menu={menu}
            menuError={menuError}
            mode={mode}
            switchesMode={switchesMode}
            canSearchImpersonation={canSearchImpersonation}
            exitButton={exitButton}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
