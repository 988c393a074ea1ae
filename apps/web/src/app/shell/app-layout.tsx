import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import './shell.css';
import '../../lib/i18n';
import { useEffect } from 'react';
import { Button, Center, Container, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import { Footer } from '../../components/footer';
import { PUBLIC_TICKET_PATH } from '../../components/report-problem-link';
import { Logo } from '../../components/logo';
import { useBaseData } from '../../lib/base-data';
import { displayError } from '../../lib/errors';
import { reloadPage } from '../../lib/page';
import {
  getAccessToken,
  getImpersonatedUsername,
  setImpersonatedUsername,
  setRedirectUrl,
} from '../../lib/storage';
import { Header } from './header';
import { RolePickerModal } from './role-picker-modal';
import { startupFailure } from './startup-failure';
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

/** The signed-in frame: loads the base data, then header, page and footer (spec §2 "Startup"). */
export default function AppLayout() {
  const location = useLocation();
  const hasToken = getAccessToken() !== null;
  const baseData = useBaseData();
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
    // Impersonation ends with a page reload (spec §4); the app then starts as the user themself.
    setImpersonatedUsername(null);
    reloadPage();
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

  if (baseData.data === undefined) return <Waiting label="Loading Lantern" />;

  return (
    <div className="app-frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header session={baseData.data} />
      <main className="app-main" id="main" tabIndex={-1}>
        <Container size="xl">
          <Outlet />
        </Container>
      </main>
      <Footer version={baseData.data.basicSystemData.version} />
      <RolePickerModal />
      <VersionCheck />
    </div>
  );
}
