import '../../../components/list-styles';
import { useState } from 'react';
import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import {
  DATA_CHECKS,
  DATA_CHECK_DESCRIPTIONS,
  DATA_CHECK_LABELS,
  isFixableCheck,
  type DataCheck,
  type DataFixResult,
} from '@lantern/contracts/data-checks';
import { ExportButtons } from '../../../components/export-buttons';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListFilters, ListHeader } from '../../../components/list-header';
import { READABLE_TITLE } from '../../../lib/a11y';
import { useCurrentUser } from '../../../lib/base-data';
import { useListState, type ListSpec } from '../../../lib/list-state';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { exportCheck } from '../api/export-check';
import { useCheck } from '../api/find-check';
import { BulkFixDialog } from '../components/bulk-fix-dialog';
import { CheckTable } from '../components/check-table';
import { FixFieldDialog, type FieldToFix } from '../components/fix-field-dialog';

export const loader = requireRight('DATA_CLEAN_UP__DISPLAY');

const SPEC: ListSpec<'id', never> = { sorts: ['id'], defaultSort: 'id', filters: [] };

const isCheck = (value: string | undefined): value is DataCheck =>
  (DATA_CHECKS as readonly string[]).includes(value ?? '');

export default function DataCheckRoute() {
  const { check } = useParams();
  if (!isCheck(check))
    return (
      <Stack gap="sm">
        <Text>There is no such check.</Text>
        <Anchor component={Link} to="../userDataChecker">
          Back to the user data checker
        </Anchor>
      </Stack>
    );
  return <CheckPage key={check} check={check} />;
}

function CheckPage({ check }: { check: DataCheck }) {
  const user = useCurrentUser();
  const [state, change] = useListState(SPEC);
  const found = useCheck({ check, page: state.page, limit: state.limit, q: state.q });
  const [fixing, setFixing] = useState<FieldToFix | null>(null);
  const [bulk, setBulk] = useState(false);
  const [result, setResult] = useState<DataFixResult | null>(null);
  const canEdit = hasRight(user, 'DATA_CLEAN_UP__EDIT');
  const total = found.data?.total ?? 0;
  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/en/userDataChecker" size="sm">
        ← User data checker
      </Anchor>
      <ListHeader title={DATA_CHECK_LABELS[check]}>
        {hasRight(user, 'DATA_CLEAN_UP__EXPORT') ? (
          <ExportButtons onExport={(format) => exportCheck(check, format, state.q)} />
        ) : null}
        {canEdit && isFixableCheck(check) ? (
          <Button
            size="xs"
            disabled={total === 0}
            onClick={() => {
              setResult(null);
              setBulk(true);
            }}
          >
            Fix all…
          </Button>
        ) : null}
      </ListHeader>
      <Text size="sm" c="dimmed">
        {DATA_CHECK_DESCRIPTIONS[check]}
      </Text>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Name, JWL-ID or e-mail"
      />
      {result ? (
        <Alert
          color={result.skipped.length > 0 ? 'orange.9' : 'green.9'}
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Close"
          onClose={() => {
            setResult(null);
          }}
          styles={READABLE_TITLE}
          title={`${result.changed} ${result.changed === 1 ? 'person' : 'people'} fixed${
            result.skipped.length > 0 ? `, ${result.skipped.length} skipped` : ''
          }`}
        >
          {result.skipped.length > 0 ? (
            <List size="sm" spacing={2}>
              {result.skipped.map((s) => (
                <List.Item key={s.id}>
                  JWL-ID {s.id}: {s.reason}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
      <ErrorAlert error={found.error} />
      <CheckTable
        label={DATA_CHECK_LABELS[check]}
        items={found.data?.items ?? []}
        total={total}
        page={state.page}
        limit={state.limit}
        isFetching={found.isFetching}
        onPageChange={(page) => {
          change({ page });
        }}
        onLimitChange={(limit) => {
          change({ limit });
        }}
        onFix={
          canEdit
            ? (person, field) => {
                setFixing({ person, field });
              }
            : undefined
        }
      />
      <FixFieldDialog
        target={fixing}
        onClose={() => {
          setFixing(null);
        }}
        onReload={() => {
          setFixing(null);
          void found.refetch();
        }}
      />
      {isFixableCheck(check) ? (
        <BulkFixDialog
          check={check}
          q={state.q}
          opened={bulk}
          onClose={() => {
            setBulk(false);
          }}
          onDone={(done) => {
            setBulk(false);
            setResult(done);
          }}
        />
      ) : null}
    </Stack>
  );
}
