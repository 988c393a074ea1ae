import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  APPLICATION_STATUSES,
  ENROLMENT_SORTS,
  ENROLMENT_STATE_LABELS,
  ENROLMENT_STATES,
  type Enrolment,
  type EnrolmentAction,
  type Programme,
} from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { FilterSelect, ListFilters, ListHeader } from '../../../components/list-header';
import { useCurrentUser } from '../../../lib/base-data';
import { labelledOptions } from '../../../lib/enumerations';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { hasRight } from '../../../lib/rights';
import { useEnrolments } from '../api/find-enrolments';
import { availableEnrolmentActions } from '../enrolment-actions';
import { ActionResult, type ActionOutcome } from './action-result';
import { AddApplicantModal } from './add-applicant-modal';
import { BulkActionModal } from './bulk-action-modal';
import { EnrolmentTable, type EnrolmentSort } from './enrolment-table';
import { ImportApplicantsModal } from './import-applicants-modal';
import { SelectionBar } from './selection-bar';
import { StudyBreaksModal } from './study-breaks-modal';

type EnrolmentFilter = 'state' | 'clc' | 'onBreak';
const SPEC: ListSpec<EnrolmentSort, EnrolmentFilter> = {
  sorts: ENROLMENT_SORTS,
  defaultSort: 'lastName',
  filters: ['state', 'clc', 'onBreak'],
};

const STATE_OPTIONS = labelledOptions(ENROLMENT_STATES, ENROLMENT_STATE_LABELS);
const BREAK_OPTIONS = [
  { value: 'true', label: 'On a study break' },
  { value: 'false', label: 'Not on a break' },
];

/** The programme's students: list, selection and bulk actions, adding and importing applicants. */
export function StudentsSection({ programme }: { programme: Programme }) {
  const user = useCurrentUser();
  const [state, change] = useListState(SPEC);
  const enrolments = useEnrolments(programme.id, listQuery(state));
  const [selected, setSelected] = useState<Enrolment[]>([]);
  const [asking, setAsking] = useState<EnrolmentAction | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const [breaksOf, setBreaksOf] = useState<Enrolment | null>(null);
  const [addOpened, addModal] = useDisclosure(false);
  const [importOpened, importModal] = useDisclosure(false);

  const isApplying = APPLICATION_STATUSES.includes(programme.status);
  const canAdd = isApplying && hasRight(user, 'PROGRAMME_APPLICANT__CREATE');
  const canImport = isApplying && hasRight(user, 'PROGRAMME_APPLICANT__IMPORT');
  // Selection only where some move is possible at all in this status with these rights.
  const canSelect =
    availableEnrolmentActions(
      programme.status,
      ENROLMENT_STATES.map((s) => ({ state: s })),
      user,
    ).length > 0;
  const actions = availableEnrolmentActions(programme.status, selected, user);
  const applicable = actions.find((a) => a.action === asking)?.applicable ?? 0;

  return (
    <Stack gap="sm">
      <ListHeader title="Students" level={2}>
        {canImport ? (
          <Button size="xs" variant="default" onClick={importModal.open}>
            Import applicants
          </Button>
        ) : null}
        {canAdd ? (
          <Button size="xs" onClick={addModal.open}>
            Add applicant
          </Button>
        ) : null}
      </ListHeader>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Name, JWL-ID or e-mail"
      >
        <FilterSelect
          label="State"
          placeholder="All"
          data={STATE_OPTIONS}
          value={state.filters.state}
          onChange={(value) => {
            change({ filters: { state: value } });
          }}
          width={140}
        />
        <FilterSelect
          label="CLC"
          placeholder="All CLCs"
          data={programme.clcs.map((clc) => ({ value: String(clc.id), label: clc.code }))}
          value={state.filters.clc}
          onChange={(value) => {
            change({ filters: { clc: value } });
          }}
          width={140}
        />
        <FilterSelect
          label="Study break"
          placeholder="All"
          data={BREAK_OPTIONS}
          value={state.filters.onBreak}
          onChange={(value) => {
            change({ filters: { onBreak: value } });
          }}
          width={170}
        />
      </ListFilters>
      {outcome ? (
        <ActionResult
          outcome={outcome}
          onClose={() => {
            setOutcome(null);
          }}
        />
      ) : null}
      {selected.length > 0 ? (
        <SelectionBar
          count={selected.length}
          actions={actions}
          onAct={setAsking}
          onClear={() => {
            setSelected([]);
          }}
        />
      ) : null}
      <ErrorAlert error={enrolments.error} />
      <EnrolmentTable
        {...listPageProps(state, change, enrolments)}
        selected={canSelect ? selected : undefined}
        onSelectedChange={canSelect ? setSelected : undefined}
        canOpenStudent={hasRight(user, 'STUDENT__DISPLAY')}
        onOpenBreaks={setBreaksOf}
      />
      <StudyBreaksModal
        programmeId={programme.id}
        enrolment={breaksOf}
        canEdit={hasRight(user, 'PC_BREAK__EDIT')}
        onClose={() => {
          setBreaksOf(null);
        }}
      />
      <BulkActionModal
        programmeId={programme.id}
        action={asking}
        enrolmentIds={selected.map((e) => e.id)}
        applicable={applicable}
        onClose={() => {
          setAsking(null);
        }}
        onDone={(action, result) => {
          setOutcome({
            action,
            result,
            students: new Map(selected.map((e) => [e.id, e.student])),
          });
          setSelected([]);
        }}
      />
      <AddApplicantModal programme={programme} opened={addOpened} onClose={addModal.close} />
      <ImportApplicantsModal
        programmeId={programme.id}
        opened={importOpened}
        onClose={importModal.close}
      />
    </Stack>
  );
}
