import { useSearchParams } from 'react-router';
import { useBaseData } from '../../../lib/base-data';
import { IssueReportView } from '../components/issue-report-view';

/** /:lang/support_issue?issueType=… (spec §2), opened from the header's report-error link. */
export default function SupportIssueRoute() {
  const [params] = useSearchParams();
  const session = useBaseData().data;
  // The shell shows its pages only once the base data is there.
  if (!session) return null;
  return (
    <IssueReportView
      issueType={params.get('issueType')}
      user={session.user}
      helpdeskEmail={session.basicSystemData.helpdeskEmail}
      version={session.basicSystemData.version}
    />
  );
}
