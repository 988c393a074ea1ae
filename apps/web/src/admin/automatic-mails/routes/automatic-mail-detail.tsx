import '../../../components/list-styles';
import '../../../components/form-styles';
import { useCallback, useState } from 'react';
import { Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { AutomaticMail } from '@lantern/contracts/automatic-mail';
import type { ProgrammeType } from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useCreateAutomaticMail } from '../api/create-automatic-mail';
import { useAutomaticMails } from '../api/find-automatic-mails';
import {
  automaticMailQueryOptions,
  useAutomaticMail,
  type MailRef,
} from '../api/get-automatic-mail';
import { useUpdateAutomaticMail } from '../api/update-automatic-mail';
import {
  AutomaticMailForm,
  mailFormValues,
  NEW_MAIL_VALUES,
} from '../components/automatic-mail-form';
import { DeleteMailButton } from '../components/delete-mail-button';
import { MailPreview } from '../components/mail-preview';
import {
  automaticMailDetailPath,
  automaticMailListPath,
  NEW_ITEM,
  programmeTypeOf,
} from '../paths';
import { outcomeTexts } from '../../../lib/notify';

export const loader = requireRight('AUTOMATIC_MAIL__DISPLAY');

type ProgrammeRef = { programmeType: ProgrammeType; programmeId: number };

function NewMail({ programmeType, programmeId }: ProgrammeRef) {
  const user = useCurrentUser();
  const create = useCreateAutomaticMail();
  const navigate = useNavigate();
  if (!hasRight(user, 'AUTOMATIC_MAIL__CREATE'))
    return <Text size="sm">You may not create automatic mails.</Text>;
  return (
    <AutomaticMailForm
      programmeType={programmeType}
      defaultValues={NEW_MAIL_VALUES}
      submitLabel="Create mail"
      texts={outcomeTexts('Automatic mail created', 'The automatic mail was not created')}
      canEdit
      onSave={async (data) => {
        const mail = await create.mutateAsync({ programmeType, programmeId, data });
        // The new mail's own page, where it can be previewed.
        await navigate(automaticMailDetailPath(programmeType, programmeId, mail.id), {
          replace: true,
        });
      }}
    />
  );
}

function MailEditor({ mail, reference }: { mail: AutomaticMail; reference: MailRef }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const update = useUpdateAutomaticMail();
  const navigate = useNavigate();
  // The version this editor works on: what it loaded, then what its own saves answered.
  const [version, setVersion] = useState(mail.version);
  const [isDirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    setDirty(dirty);
  }, []);
  const canEdit = hasRight(user, 'AUTOMATIC_MAIL__EDIT');
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge
          size="md"
          variant={mail.published ? 'filled' : 'outline'}
          color={mail.published ? 'teal.9' : 'gray.8'}
          tt="none"
        >
          {mail.published ? 'Published' : 'Draft'}
        </Badge>
        <Text size="sm">
          {mail.sent} {mail.sent === 1 ? 'mail' : 'mails'} sent so far
        </Text>
        {hasRight(user, 'AUTOMATIC_MAIL__DELETE') ? (
          <DeleteMailButton
            mail={reference}
            onDeleted={() =>
              void navigate(automaticMailListPath(reference.programmeType, reference.programmeId))
            }
          />
        ) : null}
      </Group>
      <AutomaticMailForm
        programmeType={reference.programmeType}
        defaultValues={mailFormValues(mail)}
        submitLabel="Save changes"
        canEdit={canEdit}
        onDirtyChange={onDirtyChange}
        onSave={async (data) => {
          const saved = await update.mutateAsync({ ...reference, data, version });
          setVersion(saved.version);
        }}
        onReload={async () => {
          const fresh = await queryClient.query({
            ...automaticMailQueryOptions(reference),
            staleTime: 0,
          });
          setVersion(fresh.version);
          return mailFormValues(fresh);
        }}
      />
      <MailPreview mail={reference} canTestSend={canEdit} isDirty={isDirty} />
    </Stack>
  );
}

function ExistingMail({ reference }: { reference: MailRef }) {
  const mail = useAutomaticMail(reference);
  if (mail.isPending) return <Loader role="status" aria-label="Loading mail" />;
  if (mail.isError) return <ErrorAlert error={mail.error} />;
  return <MailEditor key={mail.data.id} mail={mail.data} reference={reference} />;
}

function MailPage({ programmeType, programmeId, itemId }: ProgrammeRef & { itemId: string }) {
  const list = useAutomaticMails({ programmeType, programmeId });
  const programme = list.data?.programme;
  const isNew = itemId === NEW_ITEM;
  const id = Number(itemId);
  return (
    <Stack gap="sm" maw={960}>
      <Anchor component={Link} to={automaticMailListPath(programmeType, programmeId)} size="sm">
        ← Automatic mails
      </Anchor>
      <div>
        <Title order={1} fz="h2">
          {isNew ? 'New automatic mail' : 'Automatic mail'}
        </Title>
        {programme ? (
          <Text size="sm" mt={4}>
            {programme.code} {programme.title}
          </Text>
        ) : null}
      </div>
      {isNew ? (
        <NewMail programmeType={programmeType} programmeId={programmeId} />
      ) : Number.isInteger(id) && id > 0 ? (
        <ExistingMail reference={{ programmeType, programmeId, itemId: id }} />
      ) : (
        <Text size="sm">No such automatic mail.</Text>
      )}
    </Stack>
  );
}

export default function AutomaticMailDetailRoute() {
  const params = useParams();
  const programmeType = programmeTypeOf(params.programmeType);
  const programmeId = Number(params.programmeId);
  if (!programmeType || !Number.isInteger(programmeId) || programmeId < 1)
    return <Text>No such programme.</Text>;
  return (
    <MailPage
      key={params.itemId}
      programmeType={programmeType}
      programmeId={programmeId}
      itemId={params.itemId ?? ''}
    />
  );
}
