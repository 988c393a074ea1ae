import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gradingSchemaSchema, type GradingSchemaInput } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import { gradingSchemasQueryOptions } from './find-grading-schemas';

export const createGradingSchema = (data: GradingSchemaInput) =>
  apiFetch('/api/en/grading-schema', { method: 'POST', body: data, schema: gradingSchemaSchema });

export function useCreateGradingSchema() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGradingSchema,
    onSuccess: async (schema) => {
      // The select shows the new schema at once, before the list is read again.
      queryClient.setQueryData(gradingSchemasQueryOptions().queryKey, (old) => [
        ...(old ?? []),
        schema,
      ]);
      await queryClient.invalidateQueries({ queryKey: ['grading-schemas'] });
    },
  });
}
