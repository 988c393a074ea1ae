import { useState } from 'react';
import { Checkbox, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Offering } from '@lantern/contracts/bachelor-terms';
import { DialogActions } from '../../../components/dialog-actions';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useActiveStudents } from '../api/find-programme-students';
import { usePlaceStudents } from '../api/place-students';

const TEXTS = outcomeTexts('Students placed', 'The students were not placed');

function PlaceBody({
  programmeId,
  offering,
  onClose,
}: {
  programmeId: number;
  offering: Offering;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const students = useActiveStudents(programmeId, q, true);
  const place = usePlaceStudents();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const free = offering.capacity - offering.placed;
  const run = async () => {
    setFailure(null);
    if (chosen.size === 0) {
      setFailure('Choose at least one student.');
      return;
    }
    try {
      const result = await place.mutateAsync({
        programmeId,
        offeringId: offering.id,
        data: { enrolmentIds: [...chosen] },
      });
      notifySuccess('place-students', {
        ...TEXTS,
        success: `${String(result.placed)} placed${result.alreadyPlaced ? `, ${String(result.alreadyPlaced)} were already` : ''}`,
      });
      onClose();
    } catch (error) {
      // A full offering answers with a sentence that says how many places are left.
      setFailure(displayError(error));
      notifyFailure('place-students', displayError(error), TEXTS);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {offering.placed} of {offering.capacity} places taken; {free > 0 ? free : 'no'} free.
      </Text>
      <TextInput
        label="Search the programme’s active students"
        placeholder="Name, e-mail or JWL ID"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
        }}
      />
      <ScrollArea.Autosize mah={300}>
        <Stack gap={4}>
          {students.data?.items.map((e) => (
            <Checkbox
              key={e.id}
              label={`${e.student.lastName}, ${e.student.firstName} (${String(e.student.id)})`}
              checked={chosen.has(e.id)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.currentTarget.checked) next.add(e.id);
                else next.delete(e.id);
                setChosen(next);
              }}
            />
          ))}
          {students.data?.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No active student matches.
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
      <DialogActions
        failure={failure}
        onBack={onClose}
        label={`Place ${String(chosen.size)} students`}
        isBusy={place.isPending}
        onConfirm={() => void run()}
      />
    </Stack>
  );
}

/** Places active students of the programme in an offered course or internship (capacity held). */
export function PlaceStudentsModal({
  programmeId,
  offering,
  onClose,
}: {
  programmeId: number;
  offering: Offering | null;
  onClose: () => void;
}) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={offering !== null}
      onClose={onClose}
      title={offering ? `Place students in ${offering.courseCode} ${offering.title}` : ''}
      size="lg"
    >
      {offering ? (
        <PlaceBody
          key={offering.id}
          programmeId={programmeId}
          offering={offering}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}
