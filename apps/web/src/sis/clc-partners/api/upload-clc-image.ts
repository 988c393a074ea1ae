import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clcSchema } from '@lantern/contracts/clc';
import { apiFetch } from '../../../lib/api-client';
import { clcQueryOptions } from './get-clc';

export type ClcImageKind = 'logo' | 'signature';
export type UploadClcImageInput = { id: number; kind: ClcImageKind; version: number; file: File };

export const uploadClcImage = ({ id, kind, version, file }: UploadClcImageInput) => {
  const body = new FormData();
  body.append('version', String(version));
  body.append('file', file);
  return apiFetch(`/api/en/clc-partner/${id}/${kind}`, { method: 'POST', body, schema: clcSchema });
};

export function useUploadClcImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadClcImage,
    onSuccess: async (clc) => {
      queryClient.setQueryData(clcQueryOptions(clc.id).queryKey, clc);
      await queryClient.invalidateQueries({ queryKey: ['clc-partners'] });
    },
  });
}
