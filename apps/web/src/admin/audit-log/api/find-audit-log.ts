import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogPageSchema, type AuditLogFilter } from '@lantern/contracts/audit-log';
import { apiFetch } from '../../../lib/api-client';

export type FindAuditLogParams = AuditLogFilter & { limit: number; before?: number | undefined };

export const findAuditLog = (params: FindAuditLogParams) =>
  apiFetch('/api/en/audit-log', { query: params, schema: auditLogPageSchema });

export const auditLogQueryOptions = (params: FindAuditLogParams) =>
  queryOptions({
    queryKey: ['audit-log', params],
    queryFn: () => findAuditLog(params),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (params: FindAuditLogParams) => useQuery(auditLogQueryOptions(params));
