import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every authoring write changes what readers and authors see: their queries refetch. */
export function useContentMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['learning-content'] }),
  });
}
