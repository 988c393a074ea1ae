import { Alert, Loader, Stack, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import {
  CERTIFICATE_PHOTO_STUDENTS_ONLY,
  IMAGE_TYPE_LABELS,
  IMAGE_TYPES,
  type ImageType,
  type Profile,
} from '@lantern/contracts/profile';
import { ErrorAlert } from '../../../components/failure-alert';
import { useProfile } from '../api/get-profile';
import { ImageUploadForm } from '../components/image-upload-form';
import { ProfileNav } from '../components/profile-nav';

const isImageType = (value: string): value is ImageType =>
  (IMAGE_TYPES as readonly string[]).includes(value);

/** Why a photo cannot be uploaded here, or null when it can (each photo once, spec §5). */
function refusal(profile: Profile, imageType: ImageType): string | null {
  if (imageType === 'profile')
    return profile.canUploadPhoto ? null : ERROR_TEXTS.photoAlreadyUploaded;
  if (profile.canUploadCertificatePhoto) return null;
  return profile.certificatePhoto
    ? ERROR_TEXTS.photoAlreadyUploaded
    : CERTIFICATE_PHOTO_STUDENTS_ONLY;
}

export default function ImageUploadRoute() {
  const { imageType = 'profile' } = useParams();
  const navigate = useNavigate();
  const profile = useProfile();

  if (!isImageType(imageType)) return <Navigate to="/en/profile/image-upload/profile" replace />;
  const refused = profile.data ? refusal(profile.data, imageType) : null;

  return (
    <Stack gap="sm">
      <Title order={1} fz="h2">
        {IMAGE_TYPE_LABELS[imageType]}
      </Title>
      <ProfileNav />
      {profile.isPending ? <Loader aria-label="Loading profile" /> : null}
      <ErrorAlert error={profile.error} />
      {refused ? (
        <Alert color="lantern.8" variant="light" role="status" maw={560}>
          {refused}
        </Alert>
      ) : null}
      {profile.data && !refused ? (
        <ImageUploadForm
          imageType={imageType}
          onUploaded={() => void navigate('/en/profile/view')}
        />
      ) : null}
    </Stack>
  );
}
