import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemDetail } from '@lantern/contracts/learning-content';
import { DateTimeField } from '../../../components/date-time-field';
import { ErrorAlert } from '../../../components/failure-alert';
import { fromLocalDateTime, toLocalDateTime } from '../../../lib/format';
import { useSaveClassDates } from '../api/save-class-dates';

/** Per-class dates of a task: a class's own visible-from, due and late dates (empty: as the task). */
export function ClassDatesTable({ item }: { item: ItemDetail }) {
  const { t } = useTranslation();
  const save = useSaveClassDates();
  if (item.classes.length === 0)
    return <Text size="sm">{t('content.noClasses', 'The programme has no classes yet.')}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('content.class', 'Class')}</Table.Th>
              <Table.Th>{t('content.visibleFrom', 'Visible from')}</Table.Th>
              <Table.Th>{t('content.dueAt', 'Due')}</Table.Th>
              <Table.Th>{t('content.lateUntilLabel', 'Late work until')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.classes.map((klass) => (
              <ClassDatesRow
                key={`${klass.id}-${item.classDates.find((d) => d.classId === klass.id)?.version ?? 0}`}
                item={item}
                classId={klass.id}
                name={`${klass.name} (${klass.clcCode})`}
                onSave={save.mutate}
                saving={save.isPending}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ErrorAlert error={save.error} />
    </>
  );
}

function ClassDatesRow({
  item,
  classId,
  name,
  onSave,
  saving,
}: {
  item: ItemDetail;
  classId: number;
  name: string;
  onSave: ReturnType<typeof useSaveClassDates>['mutate'];
  saving: boolean;
}) {
  const { t } = useTranslation();
  const own = item.classDates.find((d) => d.classId === classId);
  const [visible, setVisible] = useState(toLocalDateTime(own?.visibleFrom ?? null));
  const [due, setDue] = useState(toLocalDateTime(own?.dueAt ?? null));
  const [late, setLate] = useState(toLocalDateTime(own?.lateUntil ?? null));
  const field = (label: string, value: string, set: (v: string) => void, defaultTime?: string) => (
    <DateTimeField
      size="xs"
      hideLabel
      label={`${label}: ${name}`}
      value={value}
      defaultTime={defaultTime}
      onChange={set}
    />
  );
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>{field(t('content.visibleFrom', 'Visible from'), visible, setVisible)}</Table.Td>
      <Table.Td>{field(t('content.dueAt', 'Due'), due, setDue, '23:59')}</Table.Td>
      <Table.Td>
        {field(t('content.lateUntilLabel', 'Late work until'), late, setLate, '23:59')}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            loading={saving}
            onClick={() => {
              onSave({
                itemId: item.id,
                classId,
                data: {
                  visibleFrom: fromLocalDateTime(visible),
                  dueAt: fromLocalDateTime(due),
                  lateUntil: fromLocalDateTime(late),
                  ...(own ? { version: own.version } : {}),
                },
              });
            }}
          >
            {t('content.save', 'Save')}
          </Button>
          {own ? (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                onSave({ itemId: item.id, classId, data: null });
              }}
            >
              {t('content.asTask', 'As the task')}
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
