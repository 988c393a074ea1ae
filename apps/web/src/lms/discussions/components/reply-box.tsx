import { useState } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_BODY_MAX } from '@lantern/contracts/discussions';
import { countWords } from '@lantern/contracts/words';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';

/**
 * A box to write a post: the server's sentences show under the field ('Not enough words.',
 * the limits); the same clientId is sent again on a retry, so a resend never posts twice.
 */
export function ReplyBox({
  label,
  submitLabel,
  initial = '',
  minWords,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  minWords: number | null;
  onSubmit: (body: string, clientId: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const words = countWords(body);
  const send = async () => {
    if (body.trim() === '') {
      setError(t('discuss.required', 'This field must be filled'));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(body, clientId);
      setBody('');
      setError(null);
      setClientId(crypto.randomUUID());
    } catch (e) {
      setError(isApiError(e) && e.fields.body ? e.fields.body : displayError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        value={body}
        autosize
        minRows={3}
        maxRows={12}
        maxLength={DISCUSSION_BODY_MAX}
        data-autofocus={autoFocus || undefined}
        autoFocus={autoFocus}
        error={error}
        description={
          minWords
            ? t('discuss.wordsOf', '{{count}} words (at least {{min}})', {
                count: words,
                min: minWords,
              })
            : t('discuss.words', '{{count}} words', { count: words })
        }
        onChange={(e) => {
          setBody(e.currentTarget.value);
        }}
      />
      <Group gap="xs">
        <Button size="xs" loading={busy} onClick={() => void send()}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('discuss.cancel', 'Cancel')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
