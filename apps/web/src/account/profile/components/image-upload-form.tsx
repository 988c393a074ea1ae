import { Button, FileInput, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { VALIDATION } from '@lantern/contracts/messages';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@lantern/contracts/profile';
import { ErrorAlert } from '../../../components/failure-alert';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useUploadImage } from '../api/upload-image';

const UPLOAD_TEXTS = outcomeTexts('Photo uploaded', 'The photo was not uploaded');

const ACCEPTED_TYPES: ReadonlySet<string> = new Set(IMAGE_MIME_TYPES);
const MAX_IMAGE_MB = Math.floor(MAX_IMAGE_BYTES / (1024 * 1024));
export const IMAGE_TOO_LARGE = `This photo is larger than ${MAX_IMAGE_MB} MB. Please choose a smaller one.`;

/** Checked here so that a photo the server would refuse is not sent at all. */
export const imageFileSchema = z.object({
  file: z
    .instanceof(File)
    .nullable()
    .pipe(z.instanceof(File, { message: VALIDATION.emptyFile }))
    .refine((file) => file.size > 0, VALIDATION.emptyFile)
    .refine((file) => ACCEPTED_TYPES.has(file.type), VALIDATION.file)
    .refine((file) => file.size <= MAX_IMAGE_BYTES, IMAGE_TOO_LARGE),
});
type FormInput = z.input<typeof imageFileSchema>;
type FormOutput = z.output<typeof imageFileSchema>;

export function ImageUploadForm({
  imageType,
  onUploaded,
}: {
  imageType: string;
  onUploaded: () => void;
}) {
  const mutation = useUploadImage();
  const { control, handleSubmit, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(imageFileSchema),
    defaultValues: { file: null },
    // A wrong or too large file is named as soon as it is chosen.
    mode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ imageType, file: values.file });
      notifySuccess('image-upload', UPLOAD_TEXTS);
      onUploaded();
    } catch (error) {
      applyFieldErrors(error, setError, ['file']);
      notifyFailure('image-upload', displayError(error), UPLOAD_TEXTS);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm">
          A clear photo of your face, as a JPEG or PNG file of at most {MAX_IMAGE_MB} MB. It can be
          uploaded once; a change later needs a request to the helpdesk.
        </Text>
        <Controller
          control={control}
          name="file"
          render={({ field, fieldState }) => (
            <FileInput
              label="Photo"
              placeholder="Choose a JPEG or PNG file"
              accept={IMAGE_MIME_TYPES.join(',')}
              required
              clearable
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <ErrorAlert error={mutation.error} />
        <Button type="submit" loading={mutation.isPending} w="fit-content">
          Upload photo
        </Button>
      </Stack>
    </form>
  );
}
