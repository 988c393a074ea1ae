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
import { Logo } from '../../components/logo';
import { isApiError } from '../../lib/api-errors';
import { useBaseData } from '../../lib/base-data';
import { displayError } from '../../lib/errors';
import { getAccessToken, setRedirectUrl } from '../../lib/storage';
import { Header } from './header';
import { RolePickerModal } from './role-picker-modal';
import { VersionCheck } from './version-check';

const isServerFailure = (error: unknown): boolean =>
  isApiError(error) && (error.kind === 'network' || (error.status !== null && error.status >= 500));

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

/** The signed-in frame: loads the base data, then header, page and footer (spec §2 "Startup"). */
export default function AppLayout() {
  const location = useLocation();
  const hasToken = getAccessToken() !== null;
  const baseData = useBaseData();
  const returnTo = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (!hasToken) setRedirectUrl(returnTo);
  }, [hasToken, returnTo]);

  if (!hasToken) return <Navigate to="/en/login" replace />;

  if (baseData.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading Lantern" />
      </Center>
    );
  }

  if (baseData.isError) {
    // A 401 that could not be refreshed has already sent the user to sign in.
    if (isApiError(baseData.error) && baseData.error.status === 401) {
      return (
        <Center mih="100vh">
          <Loader aria-label="Going to sign in" />
        </Center>
      );
    }
    return (
      <FullPage>
        <ErrorPanel
          variant={isServerFailure(baseData.error) ? 'studyBreak' : 'generic'}
          detail={isServerFailure(baseData.error) ? null : displayError(baseData.error)}
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
