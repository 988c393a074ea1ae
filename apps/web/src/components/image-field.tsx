import { useState } from 'react';
import { Button, FileInput, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { VALIDATION } from '@lantern/contracts/messages';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@lantern/contracts/profile';
import { isApiError } from '../lib/api-errors';
import { displayError } from '../lib/errors';
import { fieldMessage } from '../lib/form-errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../lib/notify';

const IMAGE_TEXTS = outcomeTexts('Image saved', 'The image was not saved');

const ACCEPTED: ReadonlySet<string> = new Set(IMAGE_MIME_TYPES);
const MAX_MB = Math.floor(MAX_IMAGE_BYTES / (1024 * 1024));

/** Why a chosen file cannot be sent, or null when it can (the server judges the content again). */
export function imageFileProblem(file: File | null): string | null {
  if (!file || file.size === 0) return VALIDATION.emptyFile;
  if (!ACCEPTED.has(file.type)) return VALIDATION.file;
  if (file.size > MAX_IMAGE_BYTES) return `The file is larger than ${MAX_MB} MB.`;
  return null;
}

type ImageFieldProps = {
  label: string;
  src: string | null;
  alt: string;
  /** Absent when the user may not change it. */
  onUpload?: (file: File) => Promise<unknown>;
  /** Absent when the user may not clear it. */
  onClear?: () => Promise<unknown>;
  /** Shown instead of the upload control when an image may not be replaced. */
  lockedText?: string | undefined;
  height?: number;
};

/** An image of a record with its upload (and clear) controls. */
export function ImageField({
  label,
  src,
  alt,
  onUpload,
  onClear,
  lockedText,
  height = 96,
}: ImageFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setFile(null);
      notifySuccess(`image-${label}`, IMAGE_TEXTS);
    } catch (caught) {
      const message = isApiError(caught) ? fieldMessage(caught.fields, 'file') : undefined;
      setError(message ?? displayError(caught));
      notifyFailure(`image-${label}`, displayError(caught), IMAGE_TEXTS);
    } finally {
      setBusy(false);
    }
  };

  const upload = () => {
    const problem = imageFileProblem(file);
    if (problem || !file || !onUpload) {
      setError(problem);
      notifyFailure(`image-${label}`, undefined, IMAGE_TEXTS);
      return;
    }
    void run(() => onUpload(file));
  };

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {label}
        </Text>
        {src ? (
          <Image src={src} alt={alt} h={height} w="auto" fit="contain" maw="100%" />
        ) : (
          <Text size="sm" c="dimmed">
            None yet
          </Text>
        )}
        {src && lockedText ? <Text size="sm">{lockedText}</Text> : null}
        {onUpload && !(src && lockedText) ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <FileInput
              label={`New ${label.toLowerCase()}`}
              description={`JPEG or PNG, at most ${MAX_MB} MB`}
              accept={IMAGE_MIME_TYPES.join(',')}
              clearable
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setError(chosen ? imageFileProblem(chosen) : null);
              }}
              error={error}
              w={{ base: '100%', xs: 260 }}
            />
            <Button size="sm" loading={busy} onClick={upload}>
              Upload
            </Button>
          </Group>
        ) : null}
        {onClear && src ? (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            w="fit-content"
            loading={busy}
            onClick={() => void run(onClear)}
          >
            Clear {label.toLowerCase()}
          </Button>
        ) : null}
        {!onUpload && error ? (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
