import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { mailsPath } from './find-automatic-mails';
import type { MailRef } from './get-automatic-mail';

/** Sends the filled mail to the signed-in user, marked as a test; answers the address. */
export const testSendAutomaticMail = ({ studentId, ...ref }: MailRef & { studentId?: number }) =>
  apiFetch(`${mailsPath(ref)}/${ref.itemId}/test-send`, {
    method: 'POST',
    body: studentId === undefined ? {} : { studentId },
    schema: z.object({ to: z.string() }),
  });

export const useTestSendAutomaticMail = () => useMutation({ mutationFn: testSendAutomaticMail });
