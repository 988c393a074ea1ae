import { Anchor, Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** The support form (spec §2 support_issue), for a signed-in person: a problem in general, or
 * the error a page showed. */
export const supportIssuePath = (issueType?: 'system-error') =>
  issueType ? `/en/support_issue?issueType=${issueType}` : '/en/support_issue';

/** The public ticket form, for whoever cannot sign in. */
export const PUBLIC_TICKET_PATH = '/en/public-ticket';

type ReportProblemLinkProps = {
  to: string;
  /** A button in a menu; a link in running text otherwise. */
  look?: 'button' | 'link';
  onNavigate?: () => void;
};

/** "Report a problem": the report then says from which page the person came. */
export function ReportProblemLink({ to, look = 'link', onNavigate }: ReportProblemLinkProps) {
  const location = useLocation();
  const state = location.pathname.endsWith('/support_issue')
    ? undefined
    : { from: location.pathname + location.search };
  if (look === 'button')
    return (
      <Button
        component={Link}
        to={to}
        state={state}
        variant="subtle"
        size="xs"
        onClick={onNavigate}
      >
        Report a problem
      </Button>
    );
  return (
    <Anchor component={Link} to={to} state={state} size="sm" onClick={onNavigate}>
      Report a problem
    </Anchor>
  );
}
