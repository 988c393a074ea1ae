import { Alert, Button, FileInput, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MAX_FILE_SIZE_BYTES, MAX_FILE_SIZE_LABEL } from '@lantern/contracts/constants';
import { VALIDATION } from '@lantern/contracts/messages';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifySubmitError, notifySubmitSuccess } from '../../../lib/notify';
import { useUploadImage } from '../api/upload-image';

const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'];

export const imageFileSchema = z.object({
  file: z
    .instanceof(File)
    .nullable()
    .pipe(z.instanceof(File, { message: VALIDATION.emptyFile }))
    .refine((file) => file.size > 0, VALIDATION.emptyFile)
    .refine((file) => IMAGE_MIME_TYPES.includes(file.type), VALIDATION.file)
    .refine((file) => file.size <= MAX_FILE_SIZE_BYTES, `At most ${MAX_FILE_SIZE_LABEL}`),
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
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ imageType, file: values.file });
      notifySubmitSuccess();
      onUploaded();
    } catch (error) {
      applyFieldErrors(error, setError, ['file']);
      notifySubmitError(displayError(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm">
          A clear photo of your face, as a JPEG or PNG file. It can be uploaded once; a change later
          needs a request to the helpdesk.
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
        {mutation.isError ? (
          <Alert color="red.9" variant="light" role="alert">
            {displayError(mutation.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={mutation.isPending} w="fit-content">
          Upload photo
        </Button>
      </Stack>
    </form>
  );
}
