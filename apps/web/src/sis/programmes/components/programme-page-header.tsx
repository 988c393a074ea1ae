import { Anchor, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Programme } from '@lantern/contracts/programme';
import { programmeOverviewPath } from '../paths';
import { ProgrammeStatusBadge } from './status-badges';

type ProgrammePageHeaderProps = {
  programmeId: number;
  title: string;
  /** Absent until the programme is loaded. */
  programme: Pick<Programme, 'code' | 'title' | 'status'> | undefined;
  /** Whether the way back to the overview shows (its right; true unless said otherwise). */
  canOpenOverview?: boolean | undefined;
};

/** The top of a programme's own page (classes, review grades): back to its overview, the page's
 * title, and which programme it is with its status. */
export function ProgrammePageHeader({
  programmeId,
  title,
  programme,
  canOpenOverview = true,
}: ProgrammePageHeaderProps) {
  return (
    <>
      {canOpenOverview ? (
        <Anchor component={Link} to={programmeOverviewPath(programmeId)} size="sm">
          ← Overview
        </Anchor>
      ) : null}
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {programme ? (
          <Group gap="xs" mt={4}>
            <Text size="sm">
              {programme.code} {programme.title}
            </Text>
            <ProgrammeStatusBadge status={programme.status} />
          </Group>
        ) : null}
      </div>
    </>
  );
}
