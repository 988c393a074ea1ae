import '../../../components/list-styles';
import '../../../components/form-styles';
import '@mantine/core/styles/Modal.layer.css';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { API_TOKEN_STATE_LABELS, type ApiToken } from '@lantern/contracts/bachelor-integration';
import { ErrorAlert } from '../../../components/failure-alert';
import { DialogActions } from '../../../components/dialog-actions';
import { FilterSelect, ListFilters, ListHeader } from '../../../components/list-header';
import { ListTable } from '../../../components/list-table';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { requireRight } from '../../../lib/require-right';
import { useApiTokens } from '../api/find-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { NewTokenForm } from '../components/new-token-form';
import { TokenUserFilter } from '../components/token-user-filter';

export const loader = requireRight('USER__SECURITY_ACCESS');

const SPEC: ListSpec<'createdAt' | 'name' | 'lastUsedAt' | 'user', 'state' | 'userId'> = {
  sorts: ['createdAt', 'name', 'lastUsedAt', 'user'],
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: ['state', 'userId'],
};
const STATES = ['active', 'expired', 'revoked'] as const;
const STATE_COLORS: Record<ApiToken['state'], string> = {
  active: 'teal.9',
  expired: 'gray.8',
  revoked: 'red.9',
};

/** The token once, with a copy button: it is not shown again. */
function ShowOnce({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="orange.9" variant="light" title="Copy the token now">
        This is the only time it is shown: Lantern keeps only a fingerprint of it. If it is lost,
        revoke it and create another.
      </Alert>
      <Code block style={{ overflowWrap: 'anywhere' }} aria-label="The new token">
        {token}
      </Code>
      <Text size="sm">
        The integration sends it as <Code>Authorization: Bearer …</Code>; it opens the integration
        API only.
      </Text>
      <Group justify="flex-end">
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/**
 * `api-tokens` (USER__SECURITY_ACCESS, decision 0022): the integration API tokens — create one
 * for an integration user (shown once), see when each was last used, revoke.
 */
export default function ApiTokensRoute() {
  const [state, change] = useListState(SPEC);
  const list = useApiTokens(listQuery(state));
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const stateFilter = STATES.find((s) => s === state.filters.state) ?? null;
  const userFilter = state.filters.userId ?? null;
  const shownUser = list.data?.items.find((t) => String(t.userId) === userFilter);
  const isFiltered = state.q !== '' || stateFilter !== null || userFilter !== null;
  return (
    <Stack gap="sm">
      <ListHeader title="API tokens">
        <Button
          size="sm"
          onClick={() => {
            setCreating(true);
          }}
        >
          New token
        </Button>
      </ListHeader>
      <Text size="sm" c="gray.7">
        Long-lived tokens for systems that read bachelor data through the integration API. A token
        acts as its user and opens nothing else.
      </Text>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Name, beginning of the token or user"
      >
        <FilterSelect
          label="State"
          placeholder="All"
          width={150}
          data={STATES.map((s) => ({ value: s, label: API_TOKEN_STATE_LABELS[s] }))}
          value={stateFilter}
          onChange={(v) => {
            change({ filters: { state: v } });
          }}
        />
        <TokenUserFilter
          value={userFilter}
          knownName={shownUser ? `${shownUser.userName} (${shownUser.username})` : undefined}
          onChange={(userId) => {
            change({ filters: { userId } });
          }}
        />
      </ListFilters>
      <ErrorAlert error={list.error} />
      <ListTable
        label="API tokens"
        minHeight={160}
        noRecordsText={
          isFiltered
            ? 'No token matches the search or filters'
            : 'No tokens yet: create one with “New token” above'
        }
        {...listPageProps(state, change, list)}
        columns={[
          { accessor: 'name', title: 'Name', sortable: true },
          {
            accessor: 'prefix',
            title: 'Token begins',
            width: 150,
            render: (t) => <Code>{t.prefix}…</Code>,
          },
          {
            accessor: 'user',
            title: 'User',
            sortable: true,
            render: (t) => `${t.userName} (${t.username})`,
          },
          {
            accessor: 'createdAt',
            title: 'Created',
            sortable: true,
            width: 150,
            render: (t) => formatDateTime(t.createdAt),
          },
          {
            accessor: 'expiresAt',
            title: 'Expires',
            width: 150,
            render: (t) =>
              t.expiresAt ? (
                formatDateTime(t.expiresAt)
              ) : t.state === 'revoked' ? (
                'Never'
              ) : (
                <Stack gap={2} align="flex-start">
                  <Badge size="sm" tt="none" color="orange.9">
                    Never expires
                  </Badge>
                  <Text size="xs">Made before tokens expired: replace it, then revoke it.</Text>
                </Stack>
              ),
          },
          {
            accessor: 'lastUsedAt',
            title: 'Last used',
            sortable: true,
            width: 150,
            render: (t) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never'),
          },
          {
            accessor: 'state',
            title: 'State',
            width: 100,
            render: (t) => (
              <Badge size="sm" tt="none" color={STATE_COLORS[t.state]}>
                {API_TOKEN_STATE_LABELS[t.state]}
              </Badge>
            ),
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            render: (t) =>
              t.state === 'revoked' ? null : (
                <Button
                  size="xs"
                  variant="default"
                  color="red.9"
                  aria-label={`Revoke ${t.name}`}
                  onClick={() => {
                    revoke.reset();
                    setRevoking(t);
                  }}
                >
                  Revoke
                </Button>
              ),
          },
        ]}
      />
      <Modal
        opened={creating}
        onClose={() => {
          setCreating(false);
        }}
        title="New API token"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {creating ? (
          <NewTokenForm
            onBack={() => {
              setCreating(false);
            }}
            onCreated={(created) => {
              setCreating(false);
              setShown(created.token);
            }}
          />
        ) : null}
      </Modal>
      <Modal
        opened={shown !== null}
        onClose={() => {
          setShown(null);
        }}
        title="Your new API token"
        size="lg"
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {shown ? (
          <ShowOnce
            token={shown}
            onDone={() => {
              setShown(null);
            }}
          />
        ) : null}
      </Modal>
      <Modal
        opened={revoking !== null}
        onClose={() => {
          setRevoking(null);
        }}
        title="Revoke this token?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {revoking ? (
          <Stack gap="sm">
            <Text size="sm">
              “{revoking.name}” of {revoking.userName} stops working at once; the system using it
              will be refused until it gets a new token. This cannot be undone.
            </Text>
            <DialogActions
              onBack={() => {
                setRevoking(null);
              }}
              label="Revoke"
              color="red.9"
              isBusy={revoke.isPending}
              failure={revoke.isError ? displayError(revoke.error) : null}
              onConfirm={() => {
                revoke.mutate(revoking.id, {
                  onSuccess: () => {
                    setRevoking(null);
                  },
                });
              }}
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
