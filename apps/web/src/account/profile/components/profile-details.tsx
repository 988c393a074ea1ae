import type { ReactNode } from 'react';
import { Anchor, Flex, Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PROFILE_IMAGE_SIZE } from '@lantern/contracts/constants';
import type { Profile } from '@lantern/contracts/profile';
import { formatDateTime } from '../../../lib/format';

const GENDER_LABELS = { m: 'Male', f: 'Female', o: 'Other' } as const;
const SYSTEM_ROLE_LABELS = {
  admin: 'Admin',
  manager: 'Manager',
  seeAllCourses: 'Sees all courses',
  superAdmin: 'Super admin',
  user: 'User',
} as const;

const humanise = (value: string): string => {
  const text = value.replace(/[_-]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export function ProfileDetails({ profile }: { profile: Profile }) {
  const fullName = `${profile.firstName} ${profile.lastName}`;
  const rows: [string, ReactNode][] = [
    ['JWL-ID', profile.id],
    ['Username', profile.username],
    ['E-mail', profile.email ?? '—'],
    ['Phone', profile.phone ?? '—'],
    ['Gender', profile.gender ? GENDER_LABELS[profile.gender] : '—'],
    ['System role', SYSTEM_ROLE_LABELS[profile.systemRole]],
    ['Employee type', profile.employeeType ? humanise(profile.employeeType) : '—'],
    [
      'CLCs',
      profile.clcs.length > 0
        ? profile.clcs.map((clc) => `${clc.name} (${clc.code})`).join(', ')
        : '—',
    ],
    [
      'Roles',
      profile.roles
        .map((role) => (role.active ? `${role.label} (active)` : role.label))
        .join(', ') || '—',
    ],
    ['Last sign-in', profile.lastSignInAt ? formatDateTime(profile.lastSignInAt) : '—'],
  ];

  return (
    <Paper withBorder p="md">
      <Flex direction={{ base: 'column', xs: 'row' }} align="flex-start" gap="md">
        <Stack gap={4} align="center">
          {profile.profilePhoto ? (
            <Image
              src={profile.profilePhoto}
              alt={`Profile photo of ${fullName}`}
              w={PROFILE_IMAGE_SIZE}
              h={PROFILE_IMAGE_SIZE}
              radius="sm"
              fit="cover"
            />
          ) : (
            <Text
              w={PROFILE_IMAGE_SIZE}
              h={PROFILE_IMAGE_SIZE}
              bg="gray.1"
              c="gray.7"
              size="xs"
              ta="center"
              style={{ display: 'grid', placeItems: 'center', borderRadius: 4 }}
            >
              No photo
            </Text>
          )}
          {profile.canUploadPhoto ? (
            <Anchor component={Link} to="/en/profile/image-upload/profile" size="xs">
              Upload photo
            </Anchor>
          ) : null}
          {profile.canUploadCertificatePhoto ? (
            <Anchor component={Link} to="/en/profile/image-upload/certificate" size="xs">
              Upload certificate photo
            </Anchor>
          ) : null}
        </Stack>
        <Stack gap="xs" w="100%" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="h3">
            {fullName}
          </Title>
          <Table
            withRowBorders={false}
            verticalSpacing={4}
            horizontalSpacing="xs"
            layout="fixed"
            fz="sm"
          >
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={120} fw={600} c="gray.8" scope="row">
                    {label}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Flex>
    </Paper>
  );
}
