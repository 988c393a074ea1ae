import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitView } from '@lantern/contracts/learning-content';
import { formatDateTime } from '../../../lib/format';

/** Why a unit shows nothing yet, or takes no work: it opens later, or it is closed. */
export function UnitNotice({ view }: { view: UnitView }) {
  const { t } = useTranslation();
  if (view.isPreview)
    return (
      <Alert color="blue" variant="light">
        {t(
          'content.previewNotice',
          'Preview: this is the unit as a student will see it. Items not yet published are marked.',
        )}
      </Alert>
    );
  if (view.unit.availability === 'not_open')
    return (
      <Alert color="gray" variant="light">
        {t('content.opensOnSentence', 'This unit opens on {{date}}.', {
          date: formatDateTime(view.unit.opensAt),
        })}
      </Alert>
    );
  if (view.unit.availability === 'closed')
    return (
      <Alert color="orange" variant="light">
        {t('content.closedSentence', 'This unit is closed: you can read it but not hand in work.')}
      </Alert>
    );
  return null;
}
