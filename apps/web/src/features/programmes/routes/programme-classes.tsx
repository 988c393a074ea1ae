import '../../../components/list-styles';
import '../../../components/form-styles';
import { useState } from 'react';
import { Alert, Anchor, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { ProgrammeClass, ProgrammeClasses } from '@lantern/contracts/classes';
import { PROGRAMME_STATUS_LABELS, type Programme } from '@lantern/contracts/programme';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useClasses } from '../api/get-classes';
import { useProgramme } from '../api/get-programme';
import { classesByClc } from '../classes-model';
import { ClassFormModal } from '../components/class-form-modal';
import { ClassStaffModal } from '../components/class-staff-modal';
import { ClcClassesSection } from '../components/clc-classes-section';
import { DeleteClassModal } from '../components/delete-class-modal';
import { DistributeForm } from '../components/distribute-form';
import { ProgrammeStatusBadge } from '../components/status-badges';
import { programmeOverviewPath } from '../paths';

export const loader = requireRight('PC_CLASS__DISPLAY');

/** A finished or cancelled programme keeps its classes as they were. */
const CLOSED = new Set(['finished', 'cancelled']);

function ClassesView({
  programme,
  data,
  onReload,
}: {
  programme: Programme;
  data: ProgrammeClasses;
  onReload: () => void;
}) {
  const user = useCurrentUser();
  const isOpen = !CLOSED.has(programme.status);
  const permissions = {
    canEdit: isOpen && hasRight(user, 'PC_CLASS__EDIT'),
    canEditStaff: isOpen && hasRight(user, 'CLASSROOM_STAFF__EDIT'),
    canMove: isOpen && hasRight(user, 'CLASSROOM_STUDENT__EDIT'),
    canOpenStudent: hasRight(user, 'STUDENT__DISPLAY'),
  };
  const [formTarget, setFormTarget] = useState<
    { clcId: number } | { klass: ProgrammeClass } | null
  >(null);
  const [staffOf, setStaffOf] = useState<ProgrammeClass | null>(null);
  const [deleting, setDeleting] = useState<ProgrammeClass | null>(null);
  const sections = classesByClc(data, programme.clcs);
  return (
    <Stack gap="md">
      {isOpen ? null : (
        <Text size="sm">
          The programme is {PROGRAMME_STATUS_LABELS[programme.status].toLowerCase()}; its classes no
          longer change.
        </Text>
      )}
      {permissions.canEdit ? <DistributeForm programmeId={programme.id} /> : null}
      {sections.map((section, i) => (
        <Stack key={section.clc.id} gap="md">
          {i > 0 ? <Divider /> : null}
          <ClcClassesSection
            programmeId={programme.id}
            section={section}
            permissions={permissions}
            onCreate={(clcId) => {
              setFormTarget({ clcId });
            }}
            onRename={(klass) => {
              setFormTarget({ klass });
            }}
            onEditStaff={setStaffOf}
            onDelete={setDeleting}
          />
        </Stack>
      ))}
      <ClassFormModal
        programmeId={programme.id}
        clcs={programme.clcs}
        target={formTarget}
        onClose={() => {
          setFormTarget(null);
        }}
        onReload={onReload}
      />
      <ClassStaffModal
        programmeId={programme.id}
        klass={staffOf}
        onClose={() => {
          setStaffOf(null);
        }}
      />
      <DeleteClassModal
        programmeId={programme.id}
        klass={deleting}
        onClose={() => {
          setDeleting(null);
        }}
      />
    </Stack>
  );
}

export default function ProgrammeClassesRoute() {
  const id = Number(useParams().programme);
  const programme = useProgramme(id);
  const classes = useClasses(id);
  const error = programme.error ?? classes.error;
  return (
    <Stack gap="sm" maw={1400}>
      <Anchor component={Link} to={programmeOverviewPath(id)} size="sm">
        ← Overview
      </Anchor>
      <div>
        <Title order={1} fz="h2">
          Classes
        </Title>
        {programme.data ? (
          <Group gap="xs" mt={4}>
            <Text size="sm">
              {programme.data.code} {programme.data.title}
            </Text>
            <ProgrammeStatusBadge status={programme.data.status} />
          </Group>
        ) : null}
      </div>
      {programme.isPending || classes.isPending ? (
        <Loader role="status" aria-label="Loading classes" />
      ) : null}
      {error ? (
        <Alert color="red.9" variant="light" role="alert">
          {displayError(error)}
        </Alert>
      ) : null}
      {programme.data && classes.data ? (
        <ClassesView
          programme={programme.data}
          data={classes.data}
          onReload={() => void classes.refetch()}
        />
      ) : null}
    </Stack>
  );
}
