import {
  Anchor,
  Badge,
  Group,
  ScrollArea,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';
import { ENROLMENT_STATE_LABELS, type ProgrammeStatus } from '@lantern/contracts/programme';
import {
  OUTCOME_LABELS,
  type Outcome,
  type ProgrammeResults,
  type StudentResults,
} from '@lantern/contracts/results';
import { cellKey, isEditable, scoreText, type CellKey, type Drafts } from '../review-grades';
import { SelectAllHeader, SelectRowCell } from './selection-cells';
import { STATE_COLORS } from './status-badges';

const OUTCOME_COLORS: Record<Outcome, string> = {
  pass: 'teal.9',
  fail: 'red.9',
  incomplete: 'gray.8',
};

type ResultsGridProps = {
  courses: ProgrammeResults['courses'];
  students: StudentResults[];
  status: ProgrammeStatus;
  drafts: Drafts;
  onDraft: (key: CellKey, text: string) => void;
  cellErrors: ReadonlyMap<CellKey, string>;
  /** Absent when the user may act on no student: no checkboxes then. */
  selected?: ReadonlySet<number> | undefined;
  onToggle?: ((enrolmentIds: number[], checked: boolean) => void) | undefined;
  canOpenStudent: boolean;
  /** Set when the user may ask for a change of a final result (it opens the request form). */
  onAskChange?: ((student: StudentResults, courseId: number) => void) | undefined;
};

/** Every student × course, scores typed in place for active students; each student's average,
 * band and proposed outcome as the server computed them from the saved scores. */
export function ResultsGrid(props: ResultsGridProps) {
  const { courses, students, drafts, selected, onToggle } = props;
  const canSelect = selected !== undefined && onToggle !== undefined;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table
        aria-label="Course results"
        fz="sm"
        verticalSpacing={2}
        horizontalSpacing={6}
        striped
        withTableBorder
        stickyHeader
        miw={560 + courses.length * 80}
      >
        <Table.Thead>
          <Table.Tr>
            {canSelect ? (
              <SelectAllHeader
                label="Select all shown"
                ids={students.map((s) => s.enrolmentId)}
                selected={selected}
                onToggle={onToggle}
              />
            ) : null}
            <Table.Th miw={160}>Student</Table.Th>
            <Table.Th w={60}>CLC</Table.Th>
            <Table.Th w={110}>State</Table.Th>
            {courses.map((c) => (
              <Table.Th key={c.id} w={80} title={`${c.title}, ${c.units} units`}>
                {c.code}
                <Text span size="xs" display="block" fw={400}>
                  {c.units} units
                </Text>
              </Table.Th>
            ))}
            <Table.Th w={72}>Average</Table.Th>
            <Table.Th w={90}>Band</Table.Th>
            <Table.Th w={130}>Proposed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={courses.length + (canSelect ? 7 : 6)}>No students found</Table.Td>
            </Table.Tr>
          ) : null}
          {students.map((s) => {
            const name = `${s.lastName}, ${s.firstName}`;
            const editable = isEditable(props.status, s);
            return (
              <Table.Tr key={s.enrolmentId}>
                {canSelect ? (
                  <SelectRowCell
                    label={`Select ${s.firstName} ${s.lastName}`}
                    id={s.enrolmentId}
                    selected={selected}
                    onToggle={onToggle}
                  />
                ) : null}
                <Table.Td>
                  {props.canOpenStudent ? (
                    <Anchor component={Link} to={`/en/student/${s.studentId}/overview`} size="sm">
                      {name}
                    </Anchor>
                  ) : (
                    name
                  )}
                  <Text span size="xs" display="block">
                    {s.studentId}
                  </Text>
                </Table.Td>
                <Table.Td>{s.clc ?? '—'}</Table.Td>
                <Table.Td>
                  <Text span size="sm" fw={600} c={STATE_COLORS[s.state]}>
                    {ENROLMENT_STATE_LABELS[s.state]}
                  </Text>
                  {s.onBreak ? (
                    <Badge size="xs" variant="filled" color="violet.9" tt="none" display="block">
                      Study break
                    </Badge>
                  ) : null}
                </Table.Td>
                {courses.map((c) => {
                  const key = cellKey(s.enrolmentId, c.id);
                  const saved = scoreText(s.scores[String(c.id)]);
                  // A course with graded items takes its result from the grade book.
                  const finalVersion = s.finalVersions?.[String(c.id)];
                  if (finalVersion !== undefined && props.onAskChange) {
                    const ask = props.onAskChange;
                    return (
                      <Table.Td key={c.id} ta="right">
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {saved}
                          <UnstyledButton
                            fz="xs"
                            c="lantern.8"
                            td="underline"
                            aria-label={`Ask for a change of ${c.code} for ${s.firstName} ${s.lastName}`}
                            onClick={() => {
                              ask(s, c.id);
                            }}
                          >
                            Change
                          </UnstyledButton>
                        </Group>
                      </Table.Td>
                    );
                  }
                  if (!editable || c.computed)
                    return (
                      <Table.Td
                        key={c.id}
                        ta="right"
                        title={c.computed ? 'From the course’s grade book' : undefined}
                      >
                        {saved === '' ? '—' : saved}
                      </Table.Td>
                    );
                  const typed = drafts[key];
                  const isChanged = typed !== undefined && typed.trim() !== saved;
                  return (
                    <Table.Td key={c.id}>
                      <TextInput
                        size="xs"
                        w={72}
                        inputMode="decimal"
                        autoComplete="off"
                        aria-label={`${c.code} score of ${s.firstName} ${s.lastName}`}
                        value={typed ?? saved}
                        onChange={(event) => {
                          props.onDraft(key, event.currentTarget.value);
                        }}
                        error={props.cellErrors.get(key)}
                        styles={{
                          input: isChanged
                            ? { borderColor: 'var(--mantine-color-lantern-7)', borderWidth: 2 }
                            : {},
                          error: { whiteSpace: 'normal' },
                        }}
                      />
                    </Table.Td>
                  );
                })}
                <Table.Td ta="right">{s.average ?? '—'}</Table.Td>
                <Table.Td>{s.band ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="filled" color={OUTCOME_COLORS[s.outcome]} tt="none">
                    {OUTCOME_LABELS[s.outcome]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
