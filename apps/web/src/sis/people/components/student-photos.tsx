import { SimpleGrid } from '@mantine/core';
import type { Student } from '@lantern/contracts/people';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { ImageField } from '../../../components/image-field';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { useClearStudentPhoto } from '../api/clear-student-photo';
import { useUploadStudentPhoto, type StudentPhotoKind } from '../api/upload-student-photo';

/** The profile and certificate photos: each uploaded once; a user with the right clears one so
 * that it can be uploaded again. */
export function StudentPhotos({ student }: { student: Student }) {
  const user = useCurrentUser();
  const upload = useUploadStudentPhoto();
  const clear = useClearStudentPhoto();
  const canUpload = hasRight(user, 'STUDENT__EDIT');
  const canClear = hasRight(user, 'STUDENT_PHOTO__DELETE');
  const name = `${student.firstName} ${student.lastName}`;
  const controls = (photo: StudentPhotoKind) => ({
    onUpload: canUpload
      ? (file: File) => upload.mutateAsync({ id: student.id, photo, file })
      : undefined,
    onClear: canClear ? () => clear.mutateAsync({ id: student.id, photo }) : undefined,
    lockedText: ERROR_TEXTS.photoAlreadyUploaded,
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <ImageField
        label="Profile photo"
        src={student.profilePhoto}
        alt={`Profile photo of ${name}`}
        height={120}
        {...controls('profile')}
      />
      <ImageField
        label="Certificate photo"
        src={student.certificatePhoto}
        alt={`Certificate photo of ${name}`}
        height={120}
        {...controls('certificate')}
      />
    </SimpleGrid>
  );
}
