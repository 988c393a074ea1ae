import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import { Alert, Loader, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { useProfile } from '../api/get-profile';
import { ClcPicker } from '../components/clc-picker';
import { ProfileDetails } from '../components/profile-details';
import { ProfileNav } from '../components/profile-nav';
import { RolePicker } from '../components/role-picker';
import { MyStudies } from '../../../lms/learning-work/public';

export default function ProfileViewRoute() {
  const profile = useProfile();
  const user = useCurrentUser();

  return (
    <Stack gap="sm">
      <Title order={1} fz="h2">
        My profile
      </Title>
      <ProfileNav />
      {profile.isPending ? <Loader aria-label="Loading profile" /> : null}
      {profile.isError ? (
        <Alert color="red.9" variant="light" role="alert" title={ERROR_TEXTS.defaultHeadline}>
          {displayError(profile.error)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {profile.data ? <ProfileDetails profile={profile.data} /> : null}
        <Stack gap="md">
          <Paper withBorder p="md">
            <Title order={2} fz="h4" mb="xs">
              Role
            </Title>
            <RolePicker />
          </Paper>
          {user && user.allClcs.length > 1 ? (
            <Paper withBorder p="md">
              <Title order={2} fz="h4" mb="xs">
                CLCs
              </Title>
              <ClcPicker allClcs={user.allClcs} clcs={user.clcs} />
            </Paper>
          ) : null}
        </Stack>
      </SimpleGrid>
      <MyStudies />
    </Stack>
  );
}
