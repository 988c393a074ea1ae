import type { ReactNode, SyntheticEvent } from 'react';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { Select } from '../../../components/select';
import type { FieldPath, FieldValues, UseControllerReturn } from 'react-hook-form';
import { NavLink, useLocation, useNavigate } from 'react-router';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import type { TransferInInput } from '@lantern/contracts/bachelor-credits';
import { FailureAlert } from '../../../components/failure-alert';
import { displayError } from '../../../lib/errors';
import { notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useProposeTransferIn } from '../api/propose-transfer-in';
import { bachelorPaths } from '../paths';
import { ConversionPreview } from './conversion-preview';
import { StudentSelect } from './student-select';
import { counted } from '../../../lib/plural';

const TEXTS = outcomeTexts('The transfer waits for approval.', 'The transfer was not proposed.');

/** A field the form holds, as the frame shows it. */
type Field = {
  value: unknown;
  onChange: (value: number | undefined) => void;
  error?: string | undefined;
};

/**
 * Proposes a transfer in and, once proposed, goes to the approval page (approval is another
 * person's step). A refusal stays on the form: `onRefused` puts its field messages in place, and
 * `failure` says the rest.
 */
export function useProposeTransfer(programmeId: number) {
  const navigate = useNavigate();
  const propose = useProposeTransferIn(programmeId);
  const send = async (data: TransferInInput, onRefused: (error: unknown) => void) => {
    try {
      await propose.mutateAsync(data);
      notifySuccess('transfer-in', TEXTS);
      await navigate(bachelorPaths.transferIn(programmeId, 'approval'));
    } catch (error) {
      onRefused(error);
    }
  };
  return { send, failure: propose.isError ? displayError(propose.error) : null };
}

/** A field of the form, from its `useController`. */
export const controlled = <T extends FieldValues, N extends FieldPath<T>>({
  field,
  fieldState,
}: UseControllerReturn<T, N>): Field => ({
  value: field.value,
  onChange: field.onChange,
  error: fieldState.error?.message,
});

const idOf = (value: unknown) => (typeof value === 'number' ? value : null);

type TransferInFormProps = {
  programmeId: number;
  courses: BachelorSummary['courses'];
  title: string;
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: SyntheticEvent) => Promise<void>;
  isSubmitting: boolean;
  failure: string | null;
  student: Field;
  course: Field;
  /** Where the credit comes from, between the student and the course it counts for. */
  children: ReactNode;
  /** Fields after the course it counts for. */
  after?: ReactNode;
  /** The converted grade, shown beside the source as it is filled in. */
  preview: string | null;
  note?: ReactNode;
};

/** The two ways a credit transfers in, one link each, the open one marked as current: "Transfer
 * in" opens the internal form, and the external one is reached from there. */
export function TransferInKinds({ programmeId }: { programmeId: number }) {
  const { pathname } = useLocation();
  const kinds = [
    {
      to: bachelorPaths.transferIn(programmeId, 'internal'),
      label: 'From another Lantern programme',
    },
    { to: bachelorPaths.transferIn(programmeId, 'external'), label: 'From another institution' },
  ];
  return (
    <Group component="nav" aria-label="Kind of transfer" gap="md">
      {kinds.map((kind) => (
        // NavLink marks the open one aria-current="page"; it is bold as well, not told by colour.
        <Anchor
          key={kind.to}
          component={NavLink}
          to={kind.to}
          end
          fw={pathname === kind.to ? 700 : undefined}
          underline="always"
        >
          {kind.label}
        </Anchor>
      ))}
    </Group>
  );
}

/** What the internal and external transfer-in forms share: the student first, then the source,
 * the course it counts for, the converted grade, the refusal and the button. */
export function TransferInForm({
  programmeId,
  courses,
  title,
  label,
  onSubmit,
  isSubmitting,
  failure,
  student,
  course,
  children,
  after,
  preview,
  note,
}: TransferInFormProps) {
  return (
    <Stack gap="sm" maw={640}>
      <TransferInKinds programmeId={programmeId} />
      <Title order={2} size="h3">
        {title}
      </Title>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
        <Stack gap="xs">
          <StudentSelect
            programmeId={programmeId}
            value={idOf(student.value)}
            onChange={(v) => {
              student.onChange(v ?? undefined);
            }}
            error={student.error}
          />
          {children}
          <Select
            label="Counts for the course"
            required
            data={courses.map((c) => ({
              value: String(c.id),
              label: `${c.code} ${c.title} (${counted(c.units, 'credit')})`,
            }))}
            value={course.value ? String(Number(course.value)) : null}
            onChange={(v) => {
              course.onChange(v ? Number(v) : undefined);
            }}
            error={course.error}
          />
          {after}
          <ConversionPreview text={preview} />
          {note}
          <FailureAlert text={failure} />
          <div>
            <Button type="submit" loading={isSubmitting}>
              Propose transfer
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
