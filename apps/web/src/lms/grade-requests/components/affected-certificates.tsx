import '../styles';
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AffectedCertificate } from '@lantern/contracts/grade-requests';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useRevokeCertificate } from '../api/revoke-certificate';

/**
 * The certificates that show the result a grade change touches (decision 0021 §2.3): each one
 * in a sentence, with "Revoke" (a reason, then a confirmation) for holders of
 * CERTIFICATE__DELETE in the programme's scope. Re-issuing is the programme's certificate page.
 */
export function AffectedCertificates({
  certificates,
  mayRevoke,
}: {
  certificates: AffectedCertificate[];
  mayRevoke: boolean;
}) {
  const { t } = useTranslation();
  const revoke = useRevokeCertificate();
  const [revoking, setRevoking] = useState<AffectedCertificate | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  if (certificates.length === 0) return null;

  const close = () => {
    setRevoking(null);
    setReason('');
    setReasonError(null);
    revoke.reset();
  };
  const submit = () => {
    if (!revoking) return;
    if (reason.trim() === '') {
      setReasonError(t('requests.revoke.reasonRequired', 'Say why the certificate is revoked.'));
      return;
    }
    revoke.mutate(
      { certificateId: revoking.id, reason: reason.trim() },
      {
        onSuccess: close,
        onError: (error) => {
          if (isApiError(error) && error.fields.reason) setReasonError(error.fields.reason);
        },
      },
    );
  };
  const failure =
    revoke.error && !(isApiError(revoke.error) && revoke.error.fields.reason)
      ? displayError(revoke.error)
      : null;

  return (
    <Stack gap="xs">
      {certificates.map((c) =>
        c.revokedAt === null ? (
          <Alert key={c.id} color="orange.9" variant="light" p="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" style={{ flex: 1, minWidth: 200 }}>
                {t(
                  'requests.certificate.affected',
                  'A certificate issued on {{date}} ({{code}}) shows the old result: re-issue or revoke it.',
                  { date: formatDate(c.issuedOn), code: c.code },
                )}
              </Text>
              {mayRevoke ? (
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => {
                    setRevoking(c);
                  }}
                >
                  {t('requests.revoke.button', 'Revoke')}
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : (
          <Text key={c.id} size="sm" c="gray.8">
            {t(
              'requests.certificate.revoked',
              'The certificate issued on {{date}} ({{code}}) was revoked on {{revokedOn}}.',
              { date: formatDate(c.issuedOn), code: c.code, revokedOn: formatDate(c.revokedAt) },
            )}
          </Text>
        ),
      )}
      <Modal
        opened={revoking !== null}
        onClose={close}
        closeButtonProps={{ 'aria-label': t('common.close', 'Close') }}
        title={t('requests.revoke.title', 'Revoke certificate {{code}}', {
          code: revoking?.code ?? '',
        })}
      >
        <ModalForm onSubmit={submit} aria-label={t('requests.revoke.form', 'Revoke certificate')}>
          <Stack gap="sm">
            <Text size="sm">
              {t(
                'requests.revoke.explain',
                'Its public verification will say it is revoked. This cannot be undone; a new certificate can be issued afterwards.',
              )}
            </Text>
            <Textarea
              label={t('requests.revoke.reason', 'Reason')}
              required
              autosize
              minRows={2}
              maxLength={2000}
              value={reason}
              error={reasonError}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(null);
              }}
            />
            <DialogActions
              failure={failure}
              onBack={close}
              backLabel="Cancel"
              label={t('requests.revoke.confirm', 'Revoke the certificate')}
              color="red.9"
              isBusy={revoke.isPending}
            />
          </Stack>
        </ModalForm>
      </Modal>
    </Stack>
  );
}
