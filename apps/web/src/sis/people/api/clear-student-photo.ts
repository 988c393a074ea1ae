import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentSchema } from '@lantern/contracts/people';
import { apiFetch } from '../../../lib/api-client';
import { studentQueryOptions } from './get-student';
import type { StudentPhotoKind } from './upload-student-photo';

/** Clears a photo so that the student may upload it again. */
export const clearStudentPhoto = ({ id, photo }: { id: number; photo: StudentPhotoKind }) =>
  apiFetch(`/api/en/student/${id}/photo/${photo}`, { method: 'DELETE', schema: studentSchema });

export function useClearStudentPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearStudentPhoto,
    onSuccess: async (student) => {
      queryClient.setQueryData(studentQueryOptions(student.id).queryKey, student);
      await queryClient.invalidateQueries({ queryKey: ['people', 'student'] });
    },
  });
}
