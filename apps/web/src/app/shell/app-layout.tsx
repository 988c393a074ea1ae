import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import './shell.css';
import { useEffect, type ReactNode } from 'react';
import { Button, Center, Container, DirectionProvider, Loader, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Mode } from '@lantern/contracts/enums';
import { ErrorPanel } from '../../components/error-panel';
import { Footer } from '../../components/footer';
import { PUBLIC_TICKET_PATH } from '../../components/report-problem-link';
import { Logo } from '../../components/logo';
import type { SessionData } from '../../lib/base-data';
import { displayError } from '../../lib/errors';
import { applyLanguage, isRtl } from '../../lib/i18n';
import { endImpersonation } from '../../lib/impersonation';
import { notAuthorisedPath } from '../../lib/rights';
import { getAccessToken, getImpersonatedUsername, setRedirectUrl } from '../../lib/storage';
import { HOME_PATHS, worksInLmsOnly } from '../../lib/route-modes';
import { Header } from './header';
import { LmsRefusedPanel, SisOnlyPanel } from './mode-refusals';
import { RolePickerModal } from './role-picker-modal';
import { startupFailure } from './startup-failure';
import { useShellSession } from './use-shell-session';
import { VersionCheck } from './version-check';

function FullPage({ children }: { children: React.ReactNode }) {
  return (
    <div className="app-frame">
      <header>
        <Center pt="xl">
          <Logo size={36} />
        </Center>
      </header>
      <main className="app-main" id="main">
        {children}
      </main>
      <Footer />
    </div>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <Center mih="100vh">
      <Loader aria-label={label} />
    </Center>
  );
}

/** The page's language: the person's choice in lms mode, English (left to right) in sis. */
function useDocumentLanguage(mode: Mode, session: SessionData | undefined): string {
  const language = mode === 'lms' && session ? session.user.locale : 'en';
  useEffect(() => {
    void applyLanguage(language);
  }, [language]);
  return language;
}

/** Keeps Mantine's direction (menus, drawers, inputs) with the page's language. */
function DirectionSync({ rtl }: { rtl: boolean }) {
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(rtl ? 'rtl' : 'ltr');
  }, [rtl, setDirection]);
  return null;
}

/**
 * What the main area shows for the mode and the person (decision 0019): a learner on a sis page
 * the way to their learning home; an lms page the server refused its sentence; else the page.
 */
function MainContent({
  session,
  isSisRoute,
  lmsRefusal,
}: {
  session: SessionData;
  isSisRoute: boolean;
  lmsRefusal: string | null;
}): ReactNode {
  if (lmsRefusal !== null) return <LmsRefusedPanel detail={lmsRefusal} />;
  if (isSisRoute && worksInLmsOnly(session.user)) return <SisOnlyPanel />;
  return <Outlet />;
}

/** The signed-in frame: loads the base data of the route's mode, then header, page and footer
 * (spec §2 "Startup", decision 0019 "Mode follows the route"). */
export default function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const hasToken = getAccessToken() !== null;
  const { mode, routeMode, baseData, lmsRefusal } = useShellSession();
  const language = useDocumentLanguage(mode, baseData.data);
  const returnTo = location.pathname + location.search + location.hash;
  // Only a failed first load stops the app: a failed background refresh keeps what is shown.
  const failure =
    baseData.data === undefined && baseData.isError
      ? startupFailure(baseData.error, getImpersonatedUsername() !== null)
      : null;
  const mustSignIn = !hasToken || failure === 'signIn';

  useEffect(() => {
    if (mustSignIn) setRedirectUrl(returnTo);
  }, [mustSignIn, returnTo]);

  useEffect(() => {
    if (failure !== 'endImpersonation') return;
    // Impersonation ends with a page load (spec §4) where it started; the app then starts as the
    // user themself.
    endImpersonation();
  }, [failure]);

  if (mustSignIn) return <Navigate to="/en/login" replace />;
  if (failure === 'signingIn') return <Waiting label="Going to sign in" />;
  if (failure === 'endImpersonation') return <Waiting label="Ending the impersonation" />;

  if (failure === 'studyBreak' || failure === 'generic') {
    const isStudyBreak = failure === 'studyBreak';
    return (
      <FullPage>
        <ErrorPanel
          variant={isStudyBreak ? 'studyBreak' : 'generic'}
          // Without base data the signed-in support form cannot open: the public one can.
          reportPath={isStudyBreak ? null : PUBLIC_TICKET_PATH}
          detail={isStudyBreak ? null : displayError(baseData.error)}
        >
          <Button
            w="fit-content"
            onClick={() => void baseData.refetch()}
            loading={baseData.isFetching}
          >
            Try again
          </Button>
        </ErrorPanel>
      </FullPage>
    );
  }

  // Without GENERAL_LMS__DISPLAY an lms page is not-authorised with that right (spec §6).
  if (routeMode === 'lms' && lmsRefusal?.code === 'MISSING_RIGHT')
    return <Navigate to={notAuthorisedPath('GENERAL_LMS__DISPLAY')} replace />;

  if (baseData.data === undefined) return <Waiting label={t('shell.loading')} />;
  const session = baseData.data;

  // A learner's start page is their learning home.
  if (location.pathname === HOME_PATHS.sis && worksInLmsOnly(session.user))
    return <Navigate to={HOME_PATHS.lms} replace />;

  return (
    <DirectionProvider initialDirection="ltr" detectDirection={false}>
      <DirectionSync rtl={isRtl(language)} />
      <div className="app-frame">
        <a className="skip-link" href="#main">
          {t('shell.skipToContent')}
        </a>
        <Header session={session} />
        <main className="app-main" id="main" tabIndex={-1}>
          <Container size="xl">
            <MainContent
              session={session}
              isSisRoute={routeMode === 'sis'}
              lmsRefusal={routeMode === 'lms' && lmsRefusal ? displayError(lmsRefusal) : null}
            />
          </Container>
        </main>
        <Footer version={session.basicSystemData.version} />
        <RolePickerModal />
        <VersionCheck />
      </div>
    </DirectionProvider>
  );
}
