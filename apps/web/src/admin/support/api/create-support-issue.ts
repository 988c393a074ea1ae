import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketCreatedSchema } from '@lantern/contracts/communication';
import type { AppErrorEntry } from '../../../lib/app-store';
import { apiFetch } from '../../../lib/api-client';

export type SupportIssue = {
  issueType: string;
  description: string;
  pageUrl: string;
  course: string;
  errors: readonly AppErrorEntry[];
  userAgent: string;
  screenshot: File | null;
};

/** Sent as a form, so the screenshot travels with it. */
export function createSupportIssue(issue: SupportIssue) {
  const form = new FormData();
  form.set('issueType', issue.issueType);
  form.set('description', issue.description);
  form.set('pageUrl', issue.pageUrl);
  form.set('course', issue.course);
  form.set('errors', JSON.stringify(issue.errors));
  form.set('userAgent', issue.userAgent.slice(0, 500));
  if (issue.screenshot) form.set('screenshot', issue.screenshot);
  return apiFetch('/api/en/support-issues', {
    method: 'POST',
    body: form,
    schema: ticketCreatedSchema,
  });
}

export function useCreateSupportIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportIssue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support-tickets'] }),
  });
}
