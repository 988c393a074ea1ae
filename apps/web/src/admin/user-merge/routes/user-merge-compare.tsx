import '../../../components/form-styles';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { DEFAULT_ROLES } from '@lantern/contracts/roles';
import { MERGE_TEXTS, type MergePerson, type MergePreview } from '@lantern/contracts/user-merge';
import { DetailCard } from '../../../components/detail-card';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { CLOSE_LABEL, READABLE_TITLE } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { countryName } from '../../../lib/countries';
import { useEnumLabel } from '../../../lib/enumerations';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { requireRight } from '../../../lib/require-right';
import { useMerge, useMergePreview, useUndoMerge } from '../api/user-merge';
import { choicesToSend, initialChoices, type FieldChoices } from '../components/merge-form';
import { MoveCountsTable } from '../components/move-counts';
import { personName } from '../components/person-picker';

const MERGE_OUTCOME = outcomeTexts('People merged', 'The people were not merged');
const UNDO_OUTCOME = outcomeTexts('Merge undone', 'The merge was not undone');

export const loader = requireRight('DATA_CLEAN_UP__MERGE');

const idFrom = (value: string | undefined): number => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

const COUNTRY_FIELDS: ReadonlySet<string> = new Set([
  'birthCountry',
  'nationality',
  'countryOfResidence',
]);

/** A role's label: the built-in roles' from the catalogue, an admin's own role by its key. */
const roleLabel = (key: string): string =>
  (DEFAULT_ROLES as Readonly<Record<string, { label: string }>>)[key]?.label ?? key;

/** Values as people read them: country names, labels of codes, dates in one format. */
function useMergeValue(): (key: string, value: string | null) => string | null {
  const gender = useEnumLabel('genders');
  const residency = useEnumLabel('residencyStatuses');
  return (key, value) => {
    if (value === null || value === '') return null;
    if (COUNTRY_FIELDS.has(key)) return countryName(value);
    if (key === 'gender') return gender(value);
    if (key === 'residencyStatus') return residency(value);
    if (key === 'birthDate') return formatDate(value);
    return value;
  };
}

function PersonCard({ title, person }: { title: string; person: MergePerson }) {
  const status = useEnumLabel('userStatuses');
  return (
    <DetailCard
      title={`${title}: ${personName(person)}`}
      labelWidth="38%"
      rows={[
        ['JWL-ID', person.id],
        ['Username', person.username],
        ['E-mail', person.email],
        ['Status', status(person.status)],
        ['Roles', person.roles.map(roleLabel).join(', ')],
        ['CLCs', person.clcs.join(', ')],
        ['Last sign-in', person.lastSignInAt ? formatDateTime(person.lastSignInAt) : 'never'],
        ['Created', formatDateTime(person.createdAt)],
      ]}
    />
  );
}

function FieldChoiceTable({
  preview,
  choices,
  onChange,
}: {
  preview: MergePreview;
  choices: FieldChoices;
  onChange: (choices: FieldChoices) => void;
}) {
  const show = useMergeValue();
  const differing = preview.fields.filter((f) => f.kept !== f.removed);
  if (differing.length === 0)
    return <Text size="sm">Both people have the same names and details.</Text>;
  return (
    <Table fz="sm" verticalSpacing={4} withTableBorder layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">Field</Table.Th>
          <Table.Th>Removed person’s value</Table.Th>
          <Table.Th>Kept person’s value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {differing.map((f) => (
          <Table.Tr key={f.key}>
            <Table.Th fw={600} bg="transparent">
              {f.label}
            </Table.Th>
            {(['removed', 'kept'] as const).map((side) => (
              <Table.Td key={side} style={{ overflowWrap: 'anywhere' }}>
                <Radio
                  name={`field-${f.key}`}
                  value={side}
                  checked={choices[f.key] === side}
                  onChange={() => {
                    onChange({ ...choices, [f.key]: side });
                  }}
                  label={show(f.key, f[side]) ?? '—'}
                  aria-label={`${f.label}: keep ${show(f.key, f[side]) ?? 'empty'} (${side === 'kept' ? 'kept' : 'removed'} person)`}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** `userMerge/:deleteUserJwlId/:mergeUserJwlId`: both people side by side, then the merge. */
export default function UserMergeCompareRoute() {
  const params = useParams();
  const removedId = idFrom(params.deleteUserJwlId);
  const keptId = idFrom(params.mergeUserJwlId);
  const preview = useMergePreview(removedId, keptId);
  const merge = useMerge();
  const undo = useUndoMerge();
  // What the user picked; every other field keeps its first choice (initialChoices).
  const [picked, setPicked] = useState<FieldChoices>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mergeId, setMergeId] = useState<number | null>(null);

  const choices: FieldChoices = preview.data
    ? { ...initialChoices(preview.data), ...picked }
    : picked;

  const doMerge = async () => {
    setFailure(null);
    try {
      const done = await merge.mutateAsync({
        removed: removedId,
        kept: keptId,
        input: { fields: choicesToSend(choices) },
      });
      setMergeId(done.mergeId);
      setConfirming(false);
      notifySuccess('user-merge', MERGE_OUTCOME);
    } catch (error) {
      setFailure(displayError(error));
      notifyFailure('user-merge', displayError(error), MERGE_OUTCOME);
    }
  };

  const doUndo = async () => {
    if (mergeId === null) return;
    try {
      await undo.mutateAsync(mergeId);
      setMergeId(null);
      notifySuccess('user-merge', UNDO_OUTCOME);
    } catch (error) {
      notifyFailure('user-merge', displayError(error), UNDO_OUTCOME);
    }
  };

  const data = preview.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Merge {removedId} into {keptId}
        </Title>
        <Anchor component={Link} to="../.." relative="path" size="sm">
          Back to user merge
        </Anchor>
      </Group>
      <ErrorAlert error={preview.error} />
      {mergeId !== null ? (
        <Alert color="green" variant="light" role="status" title="Merged" styles={READABLE_TITLE}>
          <Stack gap="xs">
            <Text size="sm">
              {removedId} is merged into {keptId} and can no longer sign in. The merge is in the
              merge log.
            </Text>
            <Group>
              <Button
                size="xs"
                variant="outline"
                loading={undo.isPending}
                onClick={() => void doUndo()}
              >
                Undo this merge
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {data ? (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <PersonCard title="Remove" person={data.removed} />
            <PersonCard title="Keep" person={data.kept} />
          </SimpleGrid>
          {data.conflicts.length > 0 && mergeId === null ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title="These two cannot be merged yet"
              styles={READABLE_TITLE}
            >
              <List size="sm">
                {data.conflicts.map((c) => (
                  <List.Item key={c}>{c}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Paper withBorder p="sm">
            <Title order={2} fz="h4" mb="xs">
              What moves to {personName(data.kept)}
            </Title>
            <MoveCountsTable counts={data.counts} />
            <Text size="xs" c="gray.7" mt={4}>
              A role, CLC or class both people have is kept once. Audit rows, mails and sign-ins
              stay as they happened; the kept person’s history shows the removed one’s too.
            </Text>
          </Paper>
          {mergeId === null ? (
            <Paper withBorder p="sm">
              <Title order={2} fz="h4" mb="xs">
                Which values survive
              </Title>
              <FieldChoiceTable preview={data} choices={choices} onChange={setPicked} />
            </Paper>
          ) : null}
          {mergeId === null ? (
            <Group>
              <Button
                color="red.9"
                disabled={data.conflicts.length > 0}
                onClick={() => {
                  setConfirming(true);
                }}
              >
                Merge
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
      <Modal
        closeButtonProps={CLOSE_LABEL}
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title="Merge two people"
      >
        <Stack gap="sm">
          <Text size="sm">{MERGE_TEXTS.confirm(removedId, keptId)}</Text>
          <DialogActions
            failure={failure}
            onBack={() => {
              setConfirming(false);
            }}
            label="Merge"
            color="red.9"
            isBusy={merge.isPending}
            onConfirm={() => void doMerge()}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
