import '../../../components/form-styles';
import { useLocation, useSearchParams } from 'react-router';
import { useBaseData } from '../../../lib/base-data';
import { IssueReportView } from '../components/issue-report-view';

/** The page the report link was followed from (router state; nothing in the address). */
function fromPageOf(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : null;
}

/** /:lang/support_issue?issueType=… (spec §2), opened from the header's report-error link. */
export default function SupportIssueRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useBaseData().data;
  // The shell shows its pages only once the base data is there.
  if (!session) return null;
  return (
    <IssueReportView
      issueType={params.get('issueType')}
      user={session.user}
      helpdeskEmail={session.basicSystemData.helpdeskEmail}
      version={session.basicSystemData.version}
      fromPage={fromPageOf(location.state)}
    />
  );
}
