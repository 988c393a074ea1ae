import { Alert, Loader, Stack, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { IMAGE_TYPES } from '@lantern/contracts/profile';
import { ErrorAlert } from '../../../components/failure-alert';
import { useProfile } from '../api/get-profile';
import { ImageUploadForm } from '../components/image-upload-form';
import { ProfileNav } from '../components/profile-nav';

const isImageType = (value: string): boolean => (IMAGE_TYPES as readonly string[]).includes(value);

export default function ImageUploadRoute() {
  const { imageType = 'profile' } = useParams();
  const navigate = useNavigate();
  const profile = useProfile();

  if (!isImageType(imageType)) return <Navigate to="/en/profile/image-upload/profile" replace />;

  return (
    <Stack gap="sm">
      <Title order={1} fz="h2">
        Profile photo
      </Title>
      <ProfileNav />
      {profile.isPending ? <Loader aria-label="Loading profile" /> : null}
      <ErrorAlert error={profile.error} />
      {profile.data && !profile.data.canUploadPhoto ? (
        <Alert color="lantern.8" variant="light" role="status" maw={560}>
          {ERROR_TEXTS.photoAlreadyUploaded}
        </Alert>
      ) : null}
      {profile.data?.canUploadPhoto ? (
        <ImageUploadForm
          imageType={imageType}
          onUploaded={() => void navigate('/en/profile/view')}
        />
      ) : null}
    </Stack>
  );
}
