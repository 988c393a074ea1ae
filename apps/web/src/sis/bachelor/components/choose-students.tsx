import { useState, type ReactNode } from 'react';
import { Checkbox, ScrollArea, Stack, Text } from '@mantine/core';
import { DialogActions } from '../../../components/dialog-actions';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, type OutcomeTexts } from '../../../lib/notify';
import { counted } from '../../../lib/plural';

export type StudentChoice = { id: number; label: string };

type ChooseStudentsProps = {
  /** How many places are taken, above the list. */
  taken: ReactNode;
  /** A search box above the list, where the list is searched. */
  search?: ReactNode;
  choices: readonly StudentChoice[];
  /** Said in place of the list once it is known to be empty. */
  empty: string | null;
  /** The button's verb: "Place 2 students", "Seat 2 students". */
  verb: string;
  isBusy: boolean;
  /** The toast's id and texts. */
  form: string;
  texts: OutcomeTexts;
  /** Sends the chosen ids; resolves with the success toast's text when the answer says more. */
  save: (ids: number[]) => Promise<string | undefined>;
  onClose: () => void;
};

/** Students chosen by ticking, then sent at once: placing in an offering, seating in a
 * classroom. The server holds the capacity; its refusal says how many fit. */
export function ChooseStudents({
  taken,
  search,
  choices,
  empty,
  verb,
  isBusy,
  form,
  texts,
  save,
  onClose,
}: ChooseStudentsProps) {
  // Chosen ids stay chosen while a new search shows other students.
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setFailure(null);
    if (chosen.size === 0) {
      setFailure('Choose at least one student.');
      return;
    }
    try {
      const success = await save([...chosen]);
      notifySuccess(form, success ? { ...texts, success } : texts);
      onClose();
    } catch (error) {
      // A full offering or classroom answers with a sentence that says how many places are left.
      setFailure(displayError(error));
      notifyFailure(form, displayError(error), texts);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{taken}</Text>
      {search}
      <ScrollArea.Autosize mah={300}>
        <Stack gap={4}>
          {choices.map((c) => (
            <Checkbox
              key={c.id}
              label={c.label}
              checked={chosen.has(c.id)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.currentTarget.checked) next.add(c.id);
                else next.delete(c.id);
                setChosen(next);
              }}
            />
          ))}
          {empty ? (
            <Text size="sm" c="dimmed">
              {empty}
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
      <DialogActions
        failure={failure}
        onBack={onClose}
        label={`${verb} ${counted(chosen.size, 'student')}`}
        isBusy={isBusy}
        onConfirm={() => void run()}
      />
    </Stack>
  );
}
