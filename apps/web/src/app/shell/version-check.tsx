import { lazy, Suspense, useState } from 'react';
import { APP_VERSION } from '@lantern/contracts/constants';
import { useCurrentVersion } from '../../account/session/api/get-current-version';
import { useHasBeenTrue } from '../../lib/use-has-been-true';

/* The modal loads only when the server runs another version, which is seldom. */
const NewVersionDialog = lazy(() =>
  import('./new-version-dialog').then((m) => ({ default: m.NewVersionDialog })),
);

/** Asks for a reload when the server runs another version than this page (spec §9). */
export function VersionCheck() {
  const { data } = useCurrentVersion();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const serverVersion = data?.version ?? null;
  const opened =
    serverVersion !== null && serverVersion !== APP_VERSION && dismissed !== serverVersion;
  const isWanted = useHasBeenTrue(opened);

  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <NewVersionDialog
        opened={opened}
        serverVersion={serverVersion}
        onLater={() => {
          setDismissed(serverVersion);
        }}
      />
    </Suspense>
  );
}
