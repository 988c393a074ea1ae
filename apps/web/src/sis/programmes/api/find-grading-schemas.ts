import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { gradingSchemaSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

const gradingSchemasSchema = z.array(gradingSchemaSchema);

export const findGradingSchemas = () =>
  apiFetch('/api/en/grading-schema', { schema: gradingSchemasSchema });

export const gradingSchemasQueryOptions = () =>
  queryOptions({
    queryKey: ['grading-schemas'],
    queryFn: findGradingSchemas,
    staleTime: 60_000,
  });

export const useGradingSchemas = () => useQuery(gradingSchemasQueryOptions());
