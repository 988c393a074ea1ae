import '../../../components/list-styles';
import '../../../components/form-styles';
import '@mantine/core/styles/Modal.layer.css';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { COHORT_SORTS, type Cohort } from '@lantern/contracts/bachelor-cohorts';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListFilters, ListHeader } from '../../../components/list-header';
import { ListTable } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useDeleteCohort } from '../api/delete-cohort';
import { useCohorts } from '../api/find-cohorts';
import { CohortEditModal } from '../components/cohort-edit-modal';
import { bachelorPaths } from '../paths';
import { termKeyLabel } from '../term-label';

export const loader = requireRight('BA_COHORT__DISPLAY');

type CohortSort = (typeof COHORT_SORTS)[number];
const SPEC: ListSpec<CohortSort, never> = {
  sorts: COHORT_SORTS,
  defaultSort: 'intakeTerm',
  defaultDir: 'desc',
  filters: [],
};

const DELETE_TEXTS = outcomeTexts('Cohort deleted', 'The cohort was not deleted');

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** cohorts/list: the programme's cohorts, their members and last import. */
export default function CohortListRoute() {
  const programmeId = Number(useParams().programme);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [state, change] = useListState(SPEC);
  const cohorts = useCohorts(programmeId, listQuery(state));
  const mayImport = hasRight(user, 'BA_COHORT__IMPORT');
  const mayEdit = hasRight(user, 'BA_COHORT__EDIT');
  const mayDelete = hasRight(user, 'BA_COHORT__DELETE');
  const remove = useDeleteCohort();
  const [editing, setEditing] = useState<Cohort | null>(null);
  const [deleting, setDeleting] = useState<Cohort | null>(null);
  const confirmDelete = (cohort: Cohort) => {
    remove.mutate(
      { programmeId, cohortId: cohort.id },
      {
        onSuccess: () => {
          notifySuccess('cohort-delete', DELETE_TEXTS);
          setDeleting(null);
        },
        onError: (error) => {
          notifyFailure('cohort-delete', displayError(error), DELETE_TEXTS);
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <ListHeader title="Cohorts">
        {hasRight(user, 'BA_COHORT__CREATE') ? (
          <Button component={Link} to={bachelorPaths.cohortNew(programmeId)} size="xs">
            New cohort
          </Button>
        ) : null}
      </ListHeader>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Code or intake term"
      />
      <ErrorAlert error={cohorts.error} />
      <ListTable
        {...listPageProps(state, change, cohorts)}
        label="Cohorts"
        minHeight={160}
        noRecordsText="No cohorts yet"
        columns={[
          { accessor: 'code', title: 'Code', sortable: true },
          {
            accessor: 'intakeTerm',
            title: 'Intake term',
            sortable: true,
            width: 120,
            render: (c) => termKeyLabel(c.intakeTerm),
          },
          // No fixed width: a fixed one cut the title and its sort arrow to "Stude…".
          { accessor: 'members', title: 'Students', sortable: true, textAlign: 'right' },
          {
            accessor: 'lastImportAt',
            title: 'Last import',
            sortable: true,
            render: (c) =>
              c.lastImportAt ? `${dateTime(c.lastImportAt)} · ${c.lastImportFile ?? ''}` : '—',
          },
          ...(mayEdit || mayDelete
            ? [
                {
                  accessor: 'actions',
                  title: <VisuallyHidden>Actions</VisuallyHidden>,
                  // As wide as its buttons: a fixed width cut them to "Chan" and "Dele".
                  render: (c: Cohort) => (
                    // A click on a button must not also open the row's import.
                    <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                      {mayEdit ? (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Change ${c.code}`}
                          onClick={() => setEditing(c)}
                        >
                          Change
                        </Button>
                      ) : null}
                      {mayDelete ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red.9"
                          c="red.9"
                          aria-label={`Delete ${c.code}`}
                          onClick={() => {
                            remove.reset();
                            setDeleting(c);
                          }}
                        >
                          Delete
                        </Button>
                      ) : null}
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
        onOpen={
          mayImport
            ? (c) => void navigate(bachelorPaths.cohortImport(programmeId, c.id))
            : undefined
        }
      />
      <CohortEditModal
        programmeId={programmeId}
        cohort={editing}
        onClose={() => setEditing(null)}
      />
      <Modal
        closeButtonProps={CLOSE_LABEL}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Delete cohort ${deleting.code}?` : ''}
      >
        {deleting ? (
          <Stack gap="sm">
            <Text size="sm">
              The cohort {deleting.code} ({termKeyLabel(deleting.intakeTerm)}) and its import
              history are deleted. Only a cohort without students can be deleted.
            </Text>
            <DialogActions
              onBack={() => setDeleting(null)}
              backLabel="Cancel"
              label="Delete"
              color="red.9"
              isBusy={remove.isPending}
              failure={remove.isError ? displayError(remove.error) : null}
              onConfirm={() => confirmDelete(deleting)}
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
