import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { previewSchema } from '@lantern/contracts/automatic-mail';
import { apiFetch } from '../../../lib/api-client';
import { mailsPath } from './find-automatic-mails';
import type { MailRef } from './get-automatic-mail';

export type MailPreview = z.infer<typeof previewSchema>;

/** The saved mail filled with a student's data (the programme's first student without one). */
export const previewAutomaticMail = ({ studentId, ...ref }: MailRef & { studentId?: number }) =>
  apiFetch(`${mailsPath(ref)}/${ref.itemId}/preview`, {
    method: 'POST',
    body: studentId === undefined ? {} : { studentId },
    schema: previewSchema,
  });

/* A mutation, not a query: it is asked for on a click, with the student chosen then. */
export const usePreviewAutomaticMail = () => useMutation({ mutationFn: previewAutomaticMail });
