import '../../../components/form-styles';
import { useCallback, useState } from 'react';
import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import {
  dropoutTermSchema,
  type DropoutItem,
  type DropoutItemInput,
} from '@lantern/contracts/dropout';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { outcomeTexts } from '../../../lib/notify';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { programmeTypeOf } from '../../../admin/automatic-mails/public';
import { useDropoutItems, type ProgrammeRef } from '../api/find-dropout-items';
import { dropoutItemQueryOptions, useDropoutItem, type ItemRef } from '../api/get-dropout-item';
import { useCreateDropoutItem, useUpdateDropoutItem } from '../api/save-dropout-item';
import { DropoutItemForm, itemFormValues, NEW_ITEM_VALUES } from '../components/dropout-item-form';
import { DropoutPreview } from '../components/dropout-preview';
import { dropoutBackPath, dropoutItemPath } from '../paths';

export const loader = requireRight('DROPOUT_FLAGGING__DISPLAY');

type TermRef = ProgrammeRef & { termKey: string };

function NewItem({ reference }: { reference: TermRef }) {
  const user = useCurrentUser();
  const create = useCreateDropoutItem();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<DropoutItemInput | null>(null);
  const onDraftChange = useCallback((next: DropoutItemInput | null) => {
    setDraft(next);
  }, []);
  if (!hasRight(user, 'DROPOUT_FLAGGING__CREATE'))
    return <Text size="sm">You may not create dropout flagging items.</Text>;
  return (
    <Stack gap="md">
      <DropoutItemForm
        defaultValues={NEW_ITEM_VALUES}
        submitLabel="Create item"
        canEdit
        onDraftChange={onDraftChange}
        texts={outcomeTexts('Dropout flagging item created', 'The item was not created')}
        onSave={async (data) => {
          const item = await create.mutateAsync({ ...reference, data });
          await navigate(
            dropoutItemPath(reference.programmeType, reference.programmeId, item.termKey, item.id),
            { replace: true },
          );
        }}
      />
      <DropoutPreview reference={reference} draft={draft} />
    </Stack>
  );
}

function ItemEditor({ item, reference }: { item: DropoutItem; reference: ItemRef }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const update = useUpdateDropoutItem();
  const [version, setVersion] = useState(item.version);
  const [draft, setDraft] = useState<DropoutItemInput | null>(null);
  const onDraftChange = useCallback((next: DropoutItemInput | null) => {
    setDraft(next);
  }, []);
  return (
    <Stack gap="md">
      <Text size="sm">
        {item.flagged} {item.flagged === 1 ? 'student is' : 'students are'} flagged by this item
        now.
      </Text>
      <DropoutItemForm
        defaultValues={itemFormValues(item)}
        submitLabel="Save changes"
        canEdit={hasRight(user, 'DROPOUT_FLAGGING__EDIT')}
        onDraftChange={onDraftChange}
        onSave={async (data) => {
          const saved = await update.mutateAsync({ ...reference, data, version });
          setVersion(saved.version);
        }}
        onReload={async () => {
          const fresh = await queryClient.query({
            ...dropoutItemQueryOptions(reference),
            staleTime: 0,
          });
          setVersion(fresh.version);
          return itemFormValues(fresh);
        }}
      />
      <DropoutPreview reference={reference} draft={draft} />
    </Stack>
  );
}

function ExistingItem({ reference }: { reference: ItemRef }) {
  const item = useDropoutItem(reference);
  if (item.isPending) return <Loader role="status" aria-label="Loading item" />;
  if (item.isError) return <ErrorAlert error={item.error} />;
  return <ItemEditor key={item.data.id} item={item.data} reference={reference} />;
}

export default function DropoutItemRoute() {
  const params = useParams();
  const programmeType = programmeTypeOf(params.programmeType);
  const programmeId = Number(params.programme);
  const termKey = dropoutTermSchema.safeParse(params.termKey);
  const list = useDropoutItems({
    programmeType: programmeType ?? 'professional',
    programmeId,
  });
  if (!programmeType || !Number.isInteger(programmeId) || programmeId < 1 || !termKey.success)
    return <Text>No such programme.</Text>;
  const isNew = params.itemId === undefined;
  const itemId = Number(params.itemId);
  const reference = { programmeType, programmeId, termKey: termKey.data };
  const programme = list.data?.programme;
  return (
    <Stack gap="sm" maw={960}>
      <Anchor
        component={Link}
        to={dropoutBackPath(programmeType, programmeId, termKey.data)}
        size="sm"
      >
        ← Dropout flagging
      </Anchor>
      <div>
        <Title order={1} fz="h2">
          {isNew ? 'New dropout flagging item' : 'Dropout flagging item'}
        </Title>
        {programme ? (
          <Text size="sm" mt={4}>
            {programme.code} {programme.title}
            {termKey.data === 'all' ? '' : ` · term ${termKey.data}`}
          </Text>
        ) : null}
      </div>
      {isNew ? (
        <NewItem reference={reference} />
      ) : Number.isInteger(itemId) && itemId > 0 ? (
        <ExistingItem key={itemId} reference={{ ...reference, itemId }} />
      ) : (
        <Text size="sm">No such item.</Text>
      )}
    </Stack>
  );
}
