import { useState } from 'react';
import { Modal, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Offering } from '@lantern/contracts/bachelor-terms';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { outcomeTexts } from '../../../lib/notify';
import { useActiveStudents } from '../api/find-programme-students';
import { usePlaceStudents } from '../api/place-students';
import { ChooseStudents } from './choose-students';

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
  const free = offering.capacity - offering.placed;
  const save = async (enrolmentIds: number[]) => {
    const result = await place.mutateAsync({
      programmeId,
      offeringId: offering.id,
      data: { enrolmentIds },
    });
    return `${String(result.placed)} placed${result.alreadyPlaced ? `, ${String(result.alreadyPlaced)} were already` : ''}`;
  };
  return (
    <ChooseStudents
      taken={`${String(offering.placed)} of ${String(offering.capacity)} places taken; ${free > 0 ? String(free) : 'no'} free.`}
      search={
        <TextInput
          label="Search the programme’s active students"
          placeholder="Name, e-mail or JWL ID"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
          }}
        />
      }
      choices={(students.data?.items ?? []).map((e) => ({
        id: e.id,
        label: `${e.student.lastName}, ${e.student.firstName} (${String(e.student.id)})`,
      }))}
      empty={students.data?.items.length === 0 ? 'No active student matches.' : null}
      verb="Place"
      isBusy={place.isPending}
      form="place-students"
      texts={TEXTS}
      save={save}
      onClose={onClose}
    />
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
