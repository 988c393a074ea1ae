import '../../../components/list-styles';
import '../../../components/form-styles';
import { useState } from 'react';
import { Divider, Loader, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import type { ProgrammeClass, ProgrammeClasses } from '@lantern/contracts/classes';
import { PAGES } from '@lantern/contracts/pages';
import { PROGRAMME_STATUS_LABELS } from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useClasses } from '../api/get-classes';
import { classesByClc } from '../classes-model';
import { ClassFormModal } from '../components/class-form-modal';
import { ClassStaffModal } from '../components/class-staff-modal';
import { ClcClassesSection } from '../components/clc-classes-section';
import { DeleteClassModal } from '../components/delete-class-modal';
import { DistributeForm } from '../components/distribute-form';
import { ProgrammePageHeader } from '../components/programme-page-header';

export const loader = requireRight(PAGES.programmeClasses.right);

/** A finished or cancelled programme keeps its classes as they were. */
const CLOSED = new Set(['finished', 'cancelled']);

function ClassesView({ data, onReload }: { data: ProgrammeClasses; onReload: () => void }) {
  const user = useCurrentUser();
  const { programme } = data;
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
      {data.ownClassesOnly ? (
        <Text size="sm">The classes you teach in this programme, with their students.</Text>
      ) : null}
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
  const user = useCurrentUser();
  // The programme comes with its classes: staff who see their own classes may not open the
  // programme itself, so the way back to its overview shows only to those who may.
  const classes = useClasses(id);
  return (
    <Stack gap="sm" maw={1400}>
      <ProgrammePageHeader
        programmeId={id}
        title="Classes"
        programme={classes.data?.programme}
        canOpenOverview={hasRight(user, PAGES.programmeOverview.right)}
      />
      {classes.isPending ? <Loader role="status" aria-label="Loading classes" /> : null}
      <ErrorAlert error={classes.error} />
      {classes.data ? (
        <ClassesView data={classes.data} onReload={() => void classes.refetch()} />
      ) : null}
    </Stack>
  );
}
