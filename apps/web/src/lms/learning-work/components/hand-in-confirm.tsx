import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The one question every answer page asks before handing in: it cannot be changed afterwards. */
export function HandInConfirm({
  opened,
  title,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Stack gap="sm">
        <Text size="sm">
          {t(
            'lms.answer.confirmText',
            'Once handed in, you cannot change it unless it is returned to you for rework.',
          )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel', 'Cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('lms.answer.submit', 'Hand in')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
