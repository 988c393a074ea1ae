import { Anchor, Fieldset, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemDetail } from '@lantern/contracts/learning-content';
import type { ItemFormState } from '../item-form';
import { DocumentUploadField } from './document-upload-field';
import type { ItemFormControls } from './use-item-form';

/** What a resource is: its text, a link, a video or a document (the item form's second part). */
export function ResourceFields({
  courseId,
  item,
  controls: { form, set, text },
}: {
  courseId: number;
  item: ItemDetail | null;
  controls: ItemFormControls;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('content.resourceFormat', 'What it is')}>
      <Stack gap="sm">
        <SegmentedControl
          value={form.format}
          onChange={(v) => {
            set('format', v as ItemFormState['format']);
          }}
          data={[
            { value: 'text', label: t('content.format.text', 'Text') },
            { value: 'link', label: t('content.format.link', 'Link') },
            { value: 'video', label: t('content.format.video', 'Video') },
            { value: 'file', label: t('content.format.file', 'Document') },
          ]}
        />
        {form.format === 'link'
          ? text('url', t('content.linkUrl', 'Address of the page'), {
              type: 'url',
              required: true,
            })
          : null}
        {form.format === 'video'
          ? text('url', t('content.videoUrl', 'Address of the video'), {
              required: true,
              description: t('content.videoHelp', 'Paste the address of a YouTube or Vimeo video.'),
            })
          : null}
        {form.format === 'file' ? (
          <Stack gap={4}>
            {item?.file ? (
              <Text size="sm">
                {t('content.currentFile', 'Current document:')}{' '}
                <Anchor href={item.file.url} target="_blank" rel="noopener noreferrer">
                  {item.file.name}
                </Anchor>
              </Text>
            ) : null}
            <DocumentUploadField
              courseId={courseId}
              onUploaded={(uploadId) => {
                set('uploadId', uploadId ?? '');
              }}
            />
          </Stack>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
