import '../../../components/list-styles';
import '../../../components/form-styles';
import { Button, Stack, Tabs } from '@mantine/core';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ListHeader } from '../../../components/list-header';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight, notAuthorisedPath } from '../../../lib/rights';
import { ProgrammeListView } from '../components/programme-list-view';
import { isProgrammeTab, NEW_PROGRAMME_PATH, programmeListPath } from '../paths';
import { programmeEntryPath, TAB_LABELS, TAB_RIGHTS, visibleTabs } from '../programme-entry';

/** programme/list/:tab — professional certificates and bachelor programmes (spec §2). */
export default function ProgrammeListRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { tab } = useParams();
  if (!isProgrammeTab(tab)) return <Navigate to={programmeEntryPath(user)} replace />;
  if (!hasRight(user, TAB_RIGHTS[tab]))
    return <Navigate to={notAuthorisedPath(TAB_RIGHTS[tab])} replace />;
  const tabs = visibleTabs(user);

  return (
    <Stack gap="sm">
      <ListHeader title="Programmes">
        {hasRight(user, 'PC_PROGRAMME__CREATE') ? (
          <Button component={Link} to={NEW_PROGRAMME_PATH} size="xs">
            New professional certificate
          </Button>
        ) : null}
      </ListHeader>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = value ?? undefined;
          if (isProgrammeTab(next) && next !== tab) void navigate(programmeListPath(next));
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t} value={t} pt="sm">
            {t === tab ? <ProgrammeListView key={t} tab={t} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
