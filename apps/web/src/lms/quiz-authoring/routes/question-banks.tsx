import '../styles';
import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Bank } from '@lantern/contracts/quiz';
import { ErrorAlert } from '../../../components/failure-alert';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useDeleteBank } from '../api/delete-bank';
import { useBanks } from '../api/find-banks';
import { useSaveBank } from '../api/save-bank';
import { bankPaths } from '../paths';

export const loader = requireRight('COURSE_TASK__EDIT');

/** The bank's title, in place: a field and Save while renaming. */
function BankRow({ bank, courseId }: { bank: Bank; courseId: number }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState<string | null>(null);
  const save = useSaveBank();
  const remove = useDeleteBank();
  const error = save.error ?? remove.error;
  return (
    <Table.Tr>
      <Table.Td>
        {title === null ? (
          <Anchor component={Link} to={bankPaths.bank(courseId, bank.id)}>
            {bank.title}
          </Anchor>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(
                { courseId, bankId: bank.id, data: { title, version: bank.version } },
                { onSuccess: () => setTitle(null) },
              );
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <TextInput
                size="xs"
                aria-label={t('quizAuthoring.bankTitle', 'Title of the bank')}
                value={title}
                maxLength={200}
                error={isApiError(save.error) ? save.error.fields.title : undefined}
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
              <Button size="xs" type="submit" loading={save.isPending}>
                {t('quizAuthoring.saveBank', 'Save')}
              </Button>
            </Group>
          </form>
        )}
        {error && !(isApiError(error) && error.fields.title) ? (
          <Text size="xs" c="red.9" role="alert">
            {displayError(error)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{bank.questionCount}</Table.Td>
      <Table.Td>
        {bank.usedBy.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('quizAuthoring.unused', 'No quiz yet')}
          </Text>
        ) : (
          bank.usedBy.map((q) => q.title).join(', ')
        )}
      </Table.Td>
      <Table.Td>{formatDateTime(bank.updatedAt)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setTitle(title === null ? bank.title : null)}
          >
            {title === null
              ? t('quizAuthoring.rename', 'Rename')
              : t('quizAuthoring.cancel', 'Cancel')}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (
                window.confirm(
                  t('quizAuthoring.confirmDeleteBank', 'Delete “{{title}}” and its questions?', {
                    title: bank.title,
                  }),
                )
              )
                remove.mutate({ bankId: bank.id, version: bank.version });
            }}
          >
            {t('quizAuthoring.delete', 'Delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** course/:courseId/question-banks: the course's banks, a new one, rename and delete. */
export default function QuestionBanksRoute() {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const banks = useBanks(courseId);
  const create = useSaveBank();
  const [title, setTitle] = useState('');
  const [checked, setChecked] = useState(false);
  const titleError =
    checked && title.trim() === ''
      ? t('quizAuthoring.required', 'This field must be filled')
      : isApiError(create.error)
        ? create.error.fields.title
        : undefined;
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('quizAuthoring.banksTitle', 'Question banks')}
        </Title>
        <Button component={Link} to={bankPaths.authoring(courseId)} variant="default" size="xs">
          {t('quizAuthoring.toCourse', 'Back to the course')}
        </Button>
      </Group>
      <Card withBorder padding="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setChecked(true);
            if (title.trim() === '') return;
            create.mutate(
              { courseId, bankId: null, data: { title } },
              {
                onSuccess: () => {
                  setTitle('');
                  setChecked(false);
                },
              },
            );
          }}
        >
          <Group align="flex-start" gap="xs">
            <TextInput
              label={t('quizAuthoring.newBank', 'New bank')}
              placeholder={t(
                'quizAuthoring.newBankPlaceholder',
                'For example: Unit 1, money words',
              )}
              required
              maxLength={200}
              value={title}
              error={titleError}
              onChange={(e) => setTitle(e.currentTarget.value)}
              w={360}
            />
            <Button type="submit" mt={25} loading={create.isPending}>
              {t('quizAuthoring.addBank', 'Add bank')}
            </Button>
          </Group>
          {create.error && !titleError ? <ErrorAlert error={create.error} /> : null}
        </form>
      </Card>
      {banks.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      <ErrorAlert error={banks.error} />
      {banks.data ? (
        banks.data.items.length === 0 ? (
          <Text size="sm">
            {t('quizAuthoring.noBanks', 'This course has no question banks yet.')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('quizAuthoring.bank', 'Bank')}</Table.Th>
                  <Table.Th>{t('quizAuthoring.questions', 'Questions')}</Table.Th>
                  <Table.Th>{t('quizAuthoring.usedBy', 'Used by')}</Table.Th>
                  <Table.Th>{t('quizAuthoring.updated', 'Changed')}</Table.Th>
                  <Table.Th>{t('quizAuthoring.actions', 'Actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {banks.data.items.map((bank) => (
                  <BankRow key={bank.id} bank={bank} courseId={courseId} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      ) : null}
    </Stack>
  );
}
