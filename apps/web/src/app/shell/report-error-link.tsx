import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppState } from '../../lib/app-store';

/** "Report error", once the app has recorded an error: the support form of a system error. */
export function ReportErrorLink({ onNavigate }: { onNavigate?: () => void }) {
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
