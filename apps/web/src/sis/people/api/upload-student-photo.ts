import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentSchema } from '@lantern/contracts/people';
import { apiFetch } from '../../../lib/api-client';
import { studentQueryOptions } from './get-student';

export type StudentPhotoKind = 'profile' | 'certificate';
export type UploadStudentPhotoInput = { id: number; photo: StudentPhotoKind; file: File };

/** Each photo can be uploaded once; a second upload answers 409 with the helpdesk text. */
export const uploadStudentPhoto = ({ id, photo, file }: UploadStudentPhotoInput) => {
  const body = new FormData();
  body.append('file', file);
  return apiFetch(`/api/en/student/${id}/photo/${photo}`, {
    method: 'POST',
    body,
    schema: studentSchema,
  });
};

export function useUploadStudentPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadStudentPhoto,
    onSuccess: async (student) => {
      queryClient.setQueryData(studentQueryOptions(student.id).queryKey, student);
      await queryClient.invalidateQueries({ queryKey: ['people', 'student'] });
    },
  });
}
