import { useState } from 'react';
import { Button, Modal, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DiscussionTopicsBy, Forum } from '@lantern/contracts/discussions';
import { DialogActions } from '../../../components/dialog-actions';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { useDeleteForum, useUpdateForum } from '../api/manage-forum';

type Draft = {
  title: string;
  isLocked: boolean;
  topicsBy: DiscussionTopicsBy;
  separateClasses: boolean;
};

const draftOf = (forum: Forum): Draft => ({
  title: forum.title,
  isLocked: forum.isLocked,
  topicsBy: forum.topicsBy,
  separateClasses: forum.separateClasses,
});

/**
 * "Forum settings" for the course's authors: rename, close for new posts, who starts topics,
 * separate classes; and delete while nobody has written (the server's sentence says to close it
 * otherwise). A graded discussion's forum follows its item, so it has no settings of its own.
 */
export function ForumSettings({ forum }: { forum: Forum }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(forum));
  const update = useUpdateForum(forum.id);
  const remove = useDeleteForum(forum.id);
  if (!forum.may.manage || forum.item) return null;

  const open = () => {
    setDraft(draftOf(forum));
    update.reset();
    remove.reset();
    setConfirmDelete(false);
    setOpened(true);
  };
  const titleError =
    update.error && isApiError(update.error) ? (update.error.fields.title ?? null) : null;
  const failure = update.error && !titleError ? displayError(update.error) : null;

  return (
    <>
      <Button variant="default" size="sm" onClick={open}>
        {t('discuss.settings', 'Forum settings')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('discuss.settings', 'Forum settings')}
      >
        {confirmDelete ? (
          <Stack gap="sm">
            <Text size="sm">
              {t(
                'discuss.deleteConfirm',
                'Delete the forum "{{title}}"? A forum can be deleted only while it has no topics.',
                { title: forum.title },
              )}
            </Text>
            <DialogActions
              failure={remove.error ? displayError(remove.error) : null}
              onBack={() => {
                remove.reset();
                setConfirmDelete(false);
              }}
              label={t('discuss.deleteForum', 'Delete the forum')}
              color="red.9"
              isBusy={remove.isPending}
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: () => void navigate(`/en/course/${forum.course.id}`),
                })
              }
            />
          </Stack>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate(
                { version: forum.version, ...draft },
                { onSuccess: () => setOpened(false) },
              );
            }}
          >
            <Stack gap="sm">
              <TextInput
                label={t('discuss.forumTitle', 'Title')}
                value={draft.title}
                maxLength={200}
                error={titleError}
                onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
              />
              <Switch
                label={t('discuss.lockForum', 'Closed for new posts')}
                description={t(
                  'discuss.lockForumHelp',
                  'Everyone can still read the forum; nobody can start topics or reply.',
                )}
                checked={draft.isLocked}
                onChange={(e) => setDraft({ ...draft, isLocked: e.currentTarget.checked })}
              />
              <Radio.Group
                label={t('discuss.topicsBy', 'Who starts topics')}
                value={draft.topicsBy}
                onChange={(v) => setDraft({ ...draft, topicsBy: v as DiscussionTopicsBy })}
              >
                <Stack gap={6} mt={4}>
                  <Radio value="everyone" label={t('discuss.topicsByEveryone', 'Everyone')} />
                  <Radio value="staff" label={t('discuss.topicsByStaff', 'Teachers only')} />
                </Stack>
              </Radio.Group>
              <Switch
                label={t('discuss.separateClasses', 'Separate classes')}
                description={t(
                  'discuss.separateClassesHelp',
                  'Learners see only the topics of their own class and those for every class.',
                )}
                checked={draft.separateClasses}
                onChange={(e) => setDraft({ ...draft, separateClasses: e.currentTarget.checked })}
              />
              <DialogActions
                failure={failure}
                onBack={() => setOpened(false)}
                backLabel="Cancel"
                label={t('discuss.saveSettings', 'Save settings')}
                isBusy={update.isPending}
              />
              <Button
                variant="subtle"
                color="red.9"
                c="red.9"
                size="xs"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => setConfirmDelete(true)}
              >
                {t('discuss.deleteForum', 'Delete the forum')}
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
