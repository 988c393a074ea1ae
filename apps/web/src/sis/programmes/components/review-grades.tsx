import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { EnrolmentAction, Programme } from '@lantern/contracts/programme';
import {
  OUTCOME_LABELS,
  OUTCOMES,
  type Outcome,
  type ProgrammeResults,
} from '@lantern/contracts/results';
import { FailureAlert } from '../../../components/failure-alert';
import { FilterSelect } from '../../../components/list-header';
import { READABLE_TITLE } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/base-data';
import { labelledOptions } from '../../../lib/enumerations';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, UPDATE_TEXTS } from '../../../lib/notify';
import { hasRight } from '../../../lib/rights';
import { useSaveResults } from '../api/save-results';
import { availableEnrolmentActions } from '../enrolment-actions';
import { programmeOverviewPath } from '../paths';
import {
  cellErrorsFromFields,
  collectChanges,
  filterStudents,
  proposed,
  type CellKey,
  type Drafts,
} from '../review-grades';
import { ActionResult, type ActionOutcome } from './action-result';
import { BulkActionModal } from './bulk-action-modal';
import { ImportResultsModal } from './import-results-modal';
import { AskResultChange, type ResultToChange } from './ask-result-change';
import { ResultsGrid } from './results-grid';
import { SelectionBar } from './selection-bar';
import { useSelection } from './selection-cells';
import { counted } from '../../../lib/plural';
import { ShortcutModal, studentsOf, type Shortcut } from './shortcut-modal';

/** The moves of review grades; the others belong to the students section. */
const GRADE_ACTIONS: readonly EnrolmentAction[] = ['finalize', 'fail', 'unfail'];
const OUTCOME_OPTIONS = labelledOptions(OUTCOMES, OUTCOME_LABELS);

/** Review grades: scores in place, the proposed outcomes, and passing or failing students. */
export function ReviewGrades({
  programme,
  results,
}: {
  programme: Programme;
  results: ProgrammeResults;
}) {
  const user = useCurrentUser();
  const save = useSaveResults();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<CellKey, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [outcomeFilter, setOutcomeFilter] = useState<Outcome | null>(null);
  const [clcFilter, setClcFilter] = useState<string | null>(null);
  const { selected, setSelected, toggle } = useSelection();
  const [asking, setAsking] = useState<EnrolmentAction | null>(null);
  const [shortcut, setShortcut] = useState<Shortcut | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const [isImporting, setImporting] = useState(false);
  const [changing, setChanging] = useState<ResultToChange | null>(null);
  const mayAskChange =
    programme.status === 'finished' && hasRight(user, 'GRADE_CHANGE_REQUEST__CREATE');

  const isRunning = programme.status === 'running';
  const canAct = isRunning && hasRight(user, 'PROGRAMME__REVIEW_GRADES');
  const { entries, invalid } = useMemo(
    () => collectChanges(results, programme.status, drafts),
    [results, programme.status, drafts],
  );
  const cellErrors = useMemo(() => new Map([...serverErrors, ...invalid]), [serverErrors, invalid]);
  const shown = filterStudents(results.students, { outcome: outcomeFilter, clc: clcFilter });
  const clcs = [...new Set(results.students.map((s) => s.clc).filter((c) => c !== null))].sort();
  const chosen = results.students.filter((s) => selected.has(s.enrolmentId));
  const actions = availableEnrolmentActions(programme.status, chosen, user).filter((a) =>
    GRADE_ACTIONS.includes(a.action),
  );
  const passes = proposed(results.students, 'pass');
  const fails = proposed(results.students, 'fail');
  const activeLeft = results.students.filter((s) => s.state === 'active').length;
  const counts = OUTCOMES.map(
    (o) => `${results.students.filter((s) => s.outcome === o).length} ${OUTCOME_LABELS[o]}`,
  ).join(' · ');

  const draft = (key: CellKey, text: string) => {
    setDrafts((before) => ({ ...before, [key]: text }));
    setServerErrors((before) => {
      if (!before.has(key)) return before;
      const next = new Map(before);
      next.delete(key);
      return next;
    });
  };

  const saveAll = async () => {
    setFailure(null);
    if (invalid.size > 0 || entries.length === 0) {
      notifyFailure('review-grades', undefined, UPDATE_TEXTS);
      return;
    }
    try {
      await save.mutateAsync({ programmeId: programme.id, data: { entries } });
      setDrafts({});
      setServerErrors(new Map());
      notifySuccess('review-grades', UPDATE_TEXTS);
    } catch (error) {
      const { cells, other } = cellErrorsFromFields(isApiError(error) ? error.fields : {}, entries);
      setServerErrors(cells);
      if (cells.size === 0 || other.length > 0) setFailure(other.join(' ') || displayError(error));
      notifyFailure('review-grades', displayError(error), UPDATE_TEXTS);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        {results.gradingSchema
          ? `Grading schema: ${results.gradingSchema.name} — scores from 0 to ${results.gradingSchema.scaleMax}, pass mark ${results.gradingSchema.passMark}.`
          : null}{' '}
        {counted(results.students.length, 'student')}: {counts}.
      </Text>
      {results.gradingSchema ? null : (
        <Alert color="red.9" variant="light" role="alert">
          The programme has no grading schema; choose one on its edit page first.
        </Alert>
      )}
      {isRunning ? null : (
        <Text size="sm">
          Results are entered and students passed or failed while the programme is running.
        </Text>
      )}
      {isRunning && activeLeft === 0 && results.students.length > 0 ? (
        <Alert
          color="teal.9"
          variant="light"
          role="status"
          title="No student is left active"
          styles={READABLE_TITLE}
        >
          Every student is passed or failed.{' '}
          <Anchor component={Link} to={programmeOverviewPath(programme.id)} size="sm">
            Finish the programme from its overview
          </Anchor>
          .
        </Alert>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <FilterSelect
          label="Proposed outcome"
          placeholder="All"
          data={OUTCOME_OPTIONS}
          value={outcomeFilter}
          onChange={(value) => {
            setOutcomeFilter(OUTCOMES.find((o) => o === value) ?? null);
          }}
          width={170}
        />
        <FilterSelect
          label="CLC"
          placeholder="All CLCs"
          data={clcs}
          value={clcFilter}
          onChange={setClcFilter}
          width={140}
        />
        {canAct ? (
          <Group gap="xs" wrap="wrap">
            <Button
              size="sm"
              variant="default"
              disabled={passes.length === 0}
              onClick={() => {
                setShortcut({ action: 'finalize', students: passes });
              }}
            >
              Finalize all proposed passes ({passes.length})
            </Button>
            <Button
              size="sm"
              variant="default"
              disabled={fails.length === 0}
              onClick={() => {
                setShortcut({ action: 'fail', students: fails });
              }}
            >
              Fail all proposed fails ({fails.length})
            </Button>
            <Button
              size="sm"
              variant="default"
              onClick={() => {
                setImporting(true);
              }}
            >
              Import results
            </Button>
          </Group>
        ) : null}
      </Group>
      {outcome ? (
        <ActionResult
          outcome={outcome}
          onClose={() => {
            setOutcome(null);
          }}
        />
      ) : null}
      {chosen.length > 0 ? (
        <SelectionBar
          count={chosen.length}
          actions={actions}
          onAct={setAsking}
          onClear={() => {
            setSelected(new Set());
          }}
          colorOf={(action) => (action === 'fail' ? 'red.9' : undefined)}
        />
      ) : null}
      {isRunning ? (
        <Paper withBorder p="xs" role="region" aria-label="Unsaved results">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {entries.length === 0
                ? 'No unsaved changes'
                : `${entries.length} unsaved ${entries.length === 1 ? 'change' : 'changes'}`}
              {invalid.size > 0 ? ` · ${invalid.size} to correct` : ''}
            </Text>
            <Button
              size="xs"
              disabled={entries.length === 0 || invalid.size > 0}
              loading={save.isPending}
              onClick={() => void saveAll()}
            >
              Save results
            </Button>
            <Button
              size="xs"
              variant="subtle"
              disabled={Object.keys(drafts).length === 0}
              onClick={() => {
                setDrafts({});
                setServerErrors(new Map());
                setFailure(null);
              }}
            >
              Discard changes
            </Button>
          </Group>
        </Paper>
      ) : null}
      <FailureAlert text={failure} />
      <ResultsGrid
        courses={results.courses}
        students={shown}
        status={programme.status}
        drafts={drafts}
        onDraft={draft}
        cellErrors={cellErrors}
        selected={canAct ? selected : undefined}
        onToggle={canAct ? toggle : undefined}
        canOpenStudent={hasRight(user, 'STUDENT__DISPLAY')}
        onAskChange={
          mayAskChange
            ? (s, courseId) => {
                setChanging({
                  courseId,
                  courseCode: results.courses.find((c) => c.id === courseId)?.code ?? '',
                  studentId: s.studentId,
                  studentName: `${s.firstName} ${s.lastName}`,
                  score: s.scores[String(courseId)] ?? 0,
                  version: s.finalVersions?.[String(courseId)] ?? 1,
                });
              }
            : undefined
        }
      />
      {changing ? (
        <AskResultChange
          result={changing}
          scaleMax={results.gradingSchema?.scaleMax ?? 100}
          onClose={() => {
            setChanging(null);
          }}
        />
      ) : null}
      <BulkActionModal
        programmeId={programme.id}
        action={asking}
        enrolmentIds={chosen.map((s) => s.enrolmentId)}
        applicable={actions.find((a) => a.action === asking)?.applicable ?? 0}
        onClose={() => {
          setAsking(null);
        }}
        onDone={(action, result) => {
          setOutcome({ action, result, students: studentsOf(chosen) });
          setSelected(new Set());
        }}
      />
      <ShortcutModal
        programmeId={programme.id}
        shortcut={shortcut}
        onClose={() => {
          setShortcut(null);
        }}
        onDone={setOutcome}
      />
      {canAct ? (
        <ImportResultsModal
          programme={programme}
          results={results}
          opened={isImporting}
          onClose={() => {
            setImporting(false);
          }}
        />
      ) : null}
    </Stack>
  );
}
