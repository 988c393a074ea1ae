import '../verification-styles';
import { Loader, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useOutletContext, useParams, useSearchParams } from 'react-router';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useVerification } from '../api/get-verification';
import { ExportStatusList } from '../components/export-status-list';
import { GradeChanges } from '../components/grade-changes';
import { GradeTable } from '../components/grade-table';
import { VerificationLevels } from '../components/verification-levels';

export const loader = requireRight('BA_VERIFICATION__DISPLAY');

/** The term a page opens on: the one in the address, else the latest that has started. */
export function defaultTerm(terms: BachelorSummary['terms'], today = new Date()): string | null {
  const started = terms.filter((t) => Date.parse(t.startDate) <= today.getTime());
  const pick = started.at(-1) ?? terms[0];
  return pick?.key ?? null;
}

/** programme/bachelor/:programme/verification — final grades per term at three levels, and
 * the students' export statuses (decision 0022). */
export default function VerificationPage() {
  const programme = useOutletContext<BachelorSummary>();
  const id = Number(useParams().programme);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'exports' ? 'exports' : 'grades';
  const asked = params.get('term');
  const termKey = programme.terms.some((t) => t.key === asked)
    ? asked
    : defaultTerm(programme.terms);
  const verification = useVerification(id, termKey);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Verification
      </Title>
      <Tabs value={tab} onChange={(v) => set('tab', v ?? 'grades')}>
        <Tabs.List>
          <Tabs.Tab value="grades">Final grades</Tabs.Tab>
          <Tabs.Tab value="exports">Export statuses</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="grades" pt="sm">
          {termKey === null ? (
            <Text size="sm">This programme has no terms yet.</Text>
          ) : (
            <Stack gap="sm">
              <Select
                label="Term"
                data={[...programme.terms].reverse().map((t) => ({ value: t.key, label: t.name }))}
                value={termKey}
                allowDeselect={false}
                onChange={(v) => {
                  if (v) set('term', v);
                }}
                w={240}
              />
              {verification.isError ? <ErrorAlert error={verification.error} /> : null}
              {!verification.data ? (
                <Loader role="status" size="sm" aria-label="Loading verification" />
              ) : (
                <>
                  <VerificationLevels programmeId={id} data={verification.data} />
                  {verification.data.sinceUni ? (
                    <Stack
                      gap={4}
                      component="section"
                      aria-label="Changes since the last university approval"
                    >
                      <Title order={3} size="h5">
                        Changed since the university’s last approval
                      </Title>
                      <GradeChanges
                        changes={verification.data.sinceUni.changes}
                        count={verification.data.sinceUni.changeCount}
                        label="Grades changed since the last university approval"
                      />
                    </Stack>
                  ) : null}
                  <GradeTable programmeId={id} data={verification.data} />
                </>
              )}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="exports" pt="sm">
          {tab === 'exports' ? <ExportStatusList programmeId={id} /> : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
