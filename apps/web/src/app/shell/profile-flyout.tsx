import { lazy, startTransition, Suspense, useState } from 'react';
import type { CurrentUser } from '@lantern/contracts/current-user';
import { AccountButton } from './account-button';

const loadAccountPopover = () => import('./account-popover');
const AccountPopover = lazy(() =>
  loadAccountPopover().then((m) => ({ default: m.AccountPopover })),
);

/** The avatar; the account flyout behind it loads on the first press (deferred-control). */
export function ProfileFlyout({ user }: { user: CurrentUser }) {
  const [isWanted, setWanted] = useState(false);
  const standIn = (
    <AccountButton
      user={user}
      opened={false}
      onFocus={() => void loadAccountPopover()}
      onMouseEnter={() => void loadAccountPopover()}
      onClick={() => {
        // In a transition, so the stand-in stays until the flyout's code is there.
        startTransition(() => {
          setWanted(true);
        });
      }}
    />
  );
  return (
    <Suspense fallback={standIn}>{isWanted ? <AccountPopover user={user} /> : standIn}</Suspense>
  );
}
