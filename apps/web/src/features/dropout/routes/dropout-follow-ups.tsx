import '../../../components/list-styles';
import '../../../components/form-styles';
import { Anchor, Pagination, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useMyFollowUps } from '../api/find-my-follow-ups';
import { FollowUpCard } from '../components/follow-up-card';
import { dropoutFollowUpsPath } from '../paths';

export const loader = requireRight('DROPOUT_FOLLOW_UP__DISPLAY');

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * `dropout-follow-ups` (decision 0021 §3.4): the follow-ups of flagged students assigned to the
 * user (coordinators: their CLCs'; facilitators: their classes'), open ones first with the flag's
 * evidence and the form to record the outcome, done ones with what was recorded. A notification's
 * link opens one flag's (`?flag=`).
 */
export default function DropoutFollowUpsRoute() {
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const flagId = positive(params.get('flag'));
  const status = params.get('status') === 'done' ? 'done' : 'open';
  const page = positive(params.get('page')) ?? 1;
  const list = useMyFollowUps({ status, page, flagId });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const canOpenList = hasRight(user, 'DROPOUT_FLAGGING__DISPLAY');

  const cards =
    data && data.followUps.length > 0 ? (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.followUps.map((o) => (
          <FollowUpCard key={o.id} followUp={o} tasks={data.tasks} canOpenList={canOpenList} />
        ))}
      </Stack>
    ) : data ? (
      <Text size="sm">
        {flagId !== null
          ? 'This follow-up is not yours, or it no longer exists.'
          : status === 'open'
            ? 'No open follow-ups: nobody you look after is waiting for one.'
            : 'No follow-ups recorded yet.'}
      </Text>
    ) : (
      <Text size="sm">Loading…</Text>
    );

  return (
    <Stack gap="sm" maw={900}>
      <Title order={1} fz="h2">
        Follow-ups
      </Title>
      <Text size="sm">
        Students flagged for dropout whom you look after: call or visit them, then record what came
        of it.
      </Text>
      <ErrorAlert error={list.error} />
      {flagId !== null ? (
        <>
          <Anchor component={Link} to={dropoutFollowUpsPath()} size="sm">
            ← All follow-ups
          </Anchor>
          {cards}
        </>
      ) : (
        <Tabs
          value={status}
          onChange={(value) => {
            if (value === 'open' || value === 'done')
              setParams({ status: value }, { replace: true });
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="open">Open{data ? ` (${data.counts.open})` : ''}</Tabs.Tab>
            <Tabs.Tab value="done">Done{data ? ` (${data.counts.done})` : ''}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={status} pt="md">
            <Stack gap="sm">
              {cards}
              {pages > 1 ? (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={(next) => {
                    setParams({ status, page: String(next) });
                  }}
                />
              ) : null}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
