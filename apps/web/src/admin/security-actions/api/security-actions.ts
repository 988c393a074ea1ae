import { useMutation } from '@tanstack/react-query';
import {
  securityPreviewSchema,
  securityRunSchema,
  type SecurityActionInput,
  type SecurityRunInput,
} from '@lantern/contracts/security-actions';
import { apiFetch } from '../../../lib/api-client';

const base = '/api/en/security-actions';

export const usePreviewSecurityAction = () =>
  useMutation({
    mutationFn: (input: SecurityActionInput) =>
      apiFetch(`${base}/preview`, { method: 'POST', body: input, schema: securityPreviewSchema }),
  });

export const useRunSecurityAction = () =>
  useMutation({
    mutationFn: (input: SecurityRunInput) =>
      apiFetch(`${base}/run`, { method: 'POST', body: input, schema: securityRunSchema }),
  });
