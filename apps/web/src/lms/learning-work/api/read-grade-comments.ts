import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationListSchema } from '@lantern/contracts/communication';
import { apiFetch, apiRequest } from '../../../lib/api-client';

/**
 * Opening a graded attempt (`?submission=`) reads its grade-comment notifications and marks
 * them read, so the bell stops showing them (spec §7 calls).
 */
export async function readGradeComments(submissionId: number): Promise<void> {
  const list = await apiFetch(`/api/en/notifications/${submissionId}/grade-comment-notifications`, {
    schema: notificationListSchema,
  });
  if (list.notifications.some((n) => !n.isRead))
    await apiRequest('/api/en/notifications/read', {
      method: 'POST',
      body: { submissionId, isRead: true },
    });
}

export function useReadGradeComments(submissionId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (submissionId === null) return;
    readGradeComments(submissionId)
      .then(() => queryClient.invalidateQueries({ queryKey: ['notifications'] }))
      .catch(() => undefined);
  }, [submissionId, queryClient]);
}
