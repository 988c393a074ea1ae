import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { PRIORITIES, type Announcement, type Priority } from '@lantern/contracts/communication';
import type { Right } from '@lantern/contracts/rights';
import { DateTimeField } from '../../../components/date-time-field';
import { ModalForm } from '../../../components/modal-form';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts, UPDATE_TEXTS } from '../../../lib/notify';
import type { AudienceOptions } from '../api/find-announcements';
import { useSaveAnnouncement } from '../api/save-announcement';
import { EMPTY_FORM, formFrom, toInput, type FormValues } from './announcement-form';

const ACT_TEXTS = {
  publish: outcomeTexts('Announcement published', 'The announcement was not published'),
  withdraw: outcomeTexts('Announcement withdrawn', 'The announcement was not withdrawn'),
  delete: outcomeTexts('Announcement deleted', 'The announcement was not deleted'),
};

type Props = {
  /** null: a new one. */
  announcement: Announcement | null;
  options: AudienceOptions;
  can: (right: Right) => boolean;
  onClose: () => void;
};

const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High (shown as important)',
};

/** Writes or changes an announcement; publishes, withdraws or deletes it. */
export function AnnouncementEditor({ announcement, options, can, onClose }: Props) {
  const [values, setValues] = useState<FormValues>(
    announcement ? formFrom(announcement) : EMPTY_FORM,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAnnouncement();
  const set = (patch: Partial<FormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
  };
  const isNew = announcement === null;
  const canSave = isNew ? can('ANNOUNCEMENT__CREATE') : can('ANNOUNCEMENT__EDIT');
  const canPublish = can('ANNOUNCEMENT__PUBLISH');

  const submit = async (publish: boolean) => {
    const texts = publish
      ? outcomeTexts('Announcement published', 'The announcement was not published')
      : isNew
        ? outcomeTexts('Announcement created', 'The announcement was not created')
        : UPDATE_TEXTS;
    const input = toInput(values, publish);
    if ('errors' in input) {
      setErrors(input.errors);
      notifyFailure('announcement', undefined, texts);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(
        announcement
          ? {
              kind: 'update',
              id: announcement.id,
              version: announcement.version,
              data: input.data,
            }
          : { kind: 'create', data: input.data },
      );
      notifySuccess('announcement', texts);
      onClose();
    } catch (error) {
      if (isApiError(error)) setErrors(error.fields);
      notifyFailure('announcement', displayError(error), texts);
    }
  };

  const act = async (kind: 'publish' | 'withdraw' | 'delete') => {
    if (!announcement) return;
    const texts = ACT_TEXTS[kind];
    try {
      await save.mutateAsync(
        kind === 'delete'
          ? { kind, id: announcement.id }
          : { kind, id: announcement.id, version: announcement.version },
      );
      notifySuccess('announcement', texts);
      onClose();
    } catch (error) {
      notifyFailure('announcement', displayError(error), texts);
    }
  };

  const audienceError = errors.audience ?? errors['audience.clcIds'];
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={isNew ? 'New announcement' : `Announcement: ${announcement.status}`}
    >
      <ModalForm onSubmit={() => submit(false)}>
        <Stack gap="sm">
          {announcement && announcement.status !== 'draft' ? (
            <Text size="sm" c="gray.7">
              Received by {announcement.received}, read by {announcement.read}.
              {announcement.status === 'published'
                ? ' A change reaches those who have not read it yet.'
                : ''}
            </Text>
          ) : null}
          <TextInput
            label="Title"
            required
            value={values.title}
            error={errors.title}
            onChange={(e) => {
              set({ title: e.currentTarget.value });
            }}
          />
          <Textarea
            label="Text"
            required
            autosize
            minRows={4}
            value={values.body}
            error={errors.body}
            onChange={(e) => {
              set({ body: e.currentTarget.value });
            }}
          />
          <Select
            label="Priority"
            data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            value={values.priority}
            allowDeselect={false}
            onChange={(v) => {
              if (v) set({ priority: v as Priority });
            }}
          />
          <Text fw={600} size="sm">
            Who receives it
          </Text>
          {options.everyoneAllowed ? (
            <Checkbox
              label="Everyone"
              checked={values.everyone}
              onChange={(e) => {
                set({ everyone: e.currentTarget.checked });
              }}
            />
          ) : null}
          {!values.everyone ? (
            <>
              <Text size="sm" c="gray.7">
                Each choice narrows the others: for example students of one CLC.
              </Text>
              <MultiSelect
                label="Roles"
                searchable
                data={options.roles.map((r) => ({ value: r.key, label: r.label }))}
                value={values.roles}
                error={errors['audience.roles']}
                onChange={(roles) => {
                  set({ roles });
                }}
              />
              <MultiSelect
                label="CLCs"
                searchable
                data={options.clcs.map((c) => ({ value: String(c.id), label: c.name }))}
                value={values.clcIds}
                error={audienceError}
                onChange={(clcIds) => {
                  set({ clcIds });
                }}
              />
              <MultiSelect
                label="Programmes"
                searchable
                data={options.programmes.map((p) => ({
                  value: String(p.id),
                  label: `${p.code} ${p.title}`,
                }))}
                value={values.programmeIds}
                error={errors['audience.programmeIds']}
                onChange={(programmeIds) => {
                  set({ programmeIds });
                }}
              />
            </>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateTimeField
              label="Shown from"
              description="Empty: at once"
              value={values.publishFrom}
              error={errors.publishFrom}
              onChange={(publishFrom) => {
                set({ publishFrom });
              }}
            />
            <DateTimeField
              label="Shown until"
              description="Empty: no end"
              value={values.publishUntil}
              error={errors.publishUntil}
              defaultTime="23:59"
              onChange={(publishUntil) => {
                set({ publishUntil });
              }}
            />
          </SimpleGrid>
          {save.error && !isApiError(save.error) ? (
            <Alert color="red.9">{displayError(save.error)}</Alert>
          ) : null}
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              {announcement && can('ANNOUNCEMENT__DELETE') ? (
                <Button
                  variant="outline"
                  color="red.9"
                  loading={save.isPending}
                  onClick={() => void act('delete')}
                >
                  Delete
                </Button>
              ) : null}
              {announcement?.status === 'published' && canPublish ? (
                <Button
                  variant="outline"
                  color="orange.9"
                  loading={save.isPending}
                  onClick={() => void act('withdraw')}
                >
                  Withdraw
                </Button>
              ) : null}
            </Group>
            <Group gap="xs">
              {canSave ? (
                <Button type="submit" variant="light" loading={save.isPending}>
                  {announcement?.status === 'published' ? 'Save' : 'Save draft'}
                </Button>
              ) : null}
              {canSave && canPublish && announcement?.status !== 'published' ? (
                <Button loading={save.isPending} onClick={() => void submit(true)}>
                  Publish
                </Button>
              ) : null}
            </Group>
          </Group>
        </Stack>
      </ModalForm>
    </Modal>
  );
}
