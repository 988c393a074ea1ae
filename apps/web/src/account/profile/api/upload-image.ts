import { useMutation, useQueryClient } from '@tanstack/react-query';
import { imageUploadResultSchema } from '@lantern/contracts/profile';
import { apiFetch } from '../../../lib/api-client';
import { BASE_DATA_KEY } from '../../../lib/base-data';
import { profileQueryOptions } from './get-profile';

export type UploadImageInput = { imageType: string; file: File };

export const uploadImage = ({ imageType, file }: UploadImageInput) => {
  const body = new FormData();
  body.append('file', file);
  return apiFetch(`/api/en/profile/image-upload/${encodeURIComponent(imageType)}`, {
    method: 'POST',
    body,
    schema: imageUploadResultSchema,
  });
};

export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImage,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: BASE_DATA_KEY }),
      ]);
    },
  });
}
