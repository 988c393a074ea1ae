import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const entityTypesSchema = z.array(z.string());

export const getEntityTypes = () =>
  apiFetch('/api/en/audit-log/entity-types', { schema: entityTypesSchema });

export const entityTypesQueryOptions = () =>
  queryOptions({ queryKey: ['audit-log', 'entity-types'], queryFn: getEntityTypes });

export const useEntityTypes = () => useQuery(entityTypesQueryOptions());
