import '../../../components/list-styles';
import '../../../components/form-styles';
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link, Navigate, useNavigate, useOutletContext, useParams } from 'react-router';
import { termYearSchema, type BachelorSummary } from '@lantern/contracts/bachelor';
import type { Offering, Term } from '@lantern/contracts/bachelor-terms';
import { ErrorAlert } from '../../../components/failure-alert';
import { ScrollTable } from '../../../components/scroll-table';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useDeleteTerm } from '../api/delete-term';
import { useTerms } from '../api/get-terms';
import { useRemoveOffering } from '../api/remove-offering';
import { CapacityModal } from '../components/capacity-modal';
import { OfferingForm } from '../components/offering-form';
import { PlaceStudentsModal } from '../components/place-students-modal';
import { TermFormModal } from '../components/term-form-modal';
import { YearPicker, yearsOf } from '../components/year-picker';
import { bachelorPaths } from '../paths';
import { counted } from '../../../lib/plural';

export const loader = requireRight('BA_TERM__DISPLAY');

const DELETE_TEXTS = outcomeTexts('Term deleted', 'The term was not deleted');
const REMOVE_TEXTS = outcomeTexts('Offering removed', 'The offering was not removed');

function OfferingsTable({
  programmeId,
  term,
  canEdit,
  canPlace,
  canOpenClassrooms,
  onPlace,
  onCapacity,
}: {
  programmeId: number;
  term: Term;
  canEdit: boolean;
  canPlace: boolean;
  /** CLASSROOM__DISPLAY: the count links to the classroom page only for those it opens to. */
  canOpenClassrooms: boolean;
  onPlace: (offering: Offering) => void;
  onCapacity: (offering: Offering) => void;
}) {
  const remove = useRemoveOffering();
  const onRemove = async (o: Offering) => {
    try {
      await remove.mutateAsync({ programmeId, offeringId: o.id });
      notifySuccess('offering-remove', REMOVE_TEXTS);
    } catch (error) {
      notifyFailure('offering-remove', displayError(error), REMOVE_TEXTS);
    }
  };
  if (term.offerings.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This term offers nothing yet.
      </Text>
    );
  return (
    // Scrolls sideways on a phone rather than hiding the columns the card cannot show.
    <ScrollTable minWidth={640} label={`What ${term.name} offers`}>
      <Table striped withTableBorder fz="sm" aria-label={`What ${term.name} offers`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Course</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Placed</Table.Th>
            <Table.Th>Classrooms</Table.Th>
            {canEdit || canPlace ? (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {term.offerings.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{o.courseCode}</Table.Td>
              <Table.Td>
                {o.title}{' '}
                {o.kind === 'internship' ? (
                  <Badge size="sm" variant="light" color="teal" c="dark.8" tt="none">
                    Internship
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>
                {o.placed} of {o.capacity}
              </Table.Td>
              <Table.Td>
                {o.kind === 'course' && canOpenClassrooms ? (
                  <Link
                    to={bachelorPaths.classroom(programmeId, term.key, o.courseId, 0)}
                    aria-label={`Classrooms of ${o.courseCode} ${o.title}: ${String(o.classrooms)}`}
                  >
                    {o.classrooms}
                  </Link>
                ) : o.kind === 'course' ? (
                  o.classrooms
                ) : (
                  '–'
                )}
              </Table.Td>
              {canEdit || canPlace ? (
                <Table.Td>
                  {canPlace && o.placed < o.capacity ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => {
                        onPlace(o);
                      }}
                      aria-label={`Place students in ${o.title}`}
                    >
                      Place students
                    </Button>
                  ) : null}
                  {canEdit ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => {
                        onCapacity(o);
                      }}
                      aria-label={`Capacity of ${o.title}`}
                    >
                      Capacity
                    </Button>
                  ) : null}
                  {canEdit && o.placed === 0 ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red.9"
                      c="red.9"
                      onClick={() => void onRemove(o)}
                      aria-label={`Remove ${o.title}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** terms/:termYear — the year's terms, what each offers, and their forms. */
export default function TermsRoute() {
  const summary = useOutletContext<BachelorSummary>();
  const params = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const parsed = termYearSchema.safeParse(params.termYear);
  const year = parsed.success ? parsed.data : null;
  const terms = useTerms(summary.id, year ?? 0);
  const deleteTerm = useDeleteTerm();
  const [form, setForm] = useState<{ year: number } | { term: Term } | null>(null);
  const [offerIn, setOfferIn] = useState<Term | null>(null);
  const [placeIn, setPlaceIn] = useState<Offering | null>(null);
  const [capacityOf, setCapacityOf] = useState<Offering | null>(null);
  if (year === null) return <Navigate to={bachelorPaths.terms(summary.id)} replace />;
  const canCreate = hasRight(user, 'BA_TERM__CREATE');
  const canEdit = hasRight(user, 'BA_TERM__EDIT');
  const canDelete = hasRight(user, 'BA_TERM__DELETE');
  const canPlace = hasRight(user, 'BA_STUDENT__EDIT');
  const onDelete = async (term: Term) => {
    try {
      await deleteTerm.mutateAsync({ programmeId: summary.id, termId: term.id });
      notifySuccess('term-delete', DELETE_TEXTS);
    } catch (error) {
      notifyFailure('term-delete', displayError(error), DELETE_TEXTS);
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <YearPicker
          year={year}
          years={yearsOf(summary.terms.map((t) => t.year))}
          onChange={(y) => void navigate(bachelorPaths.terms(summary.id, y))}
        />
        <Group gap="xs">
          {canCreate ? (
            <>
              <Button size="xs" onClick={() => setForm({ year })}>
                New term
              </Button>
              <Button
                size="xs"
                variant="default"
                component={Link}
                to={bachelorPaths.createInternship(summary.id, year)}
              >
                New internship
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      <ErrorAlert error={terms.error} />
      {terms.isPending ? <Loader size="sm" role="status" aria-label="Loading terms" /> : null}
      {terms.data?.terms.length === 0 ? <Text size="sm">No terms in {year}.</Text> : null}
      {terms.data?.terms.map((term) => (
        <Card key={term.id} withBorder padding="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Title order={2} size="h4">
                  {term.name}
                </Title>
                <Text size="sm" c="dimmed">
                  Starts {formatDate(term.startDate)} · {counted(term.weeks, 'week')} · student
                  courses: {term.students}
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  component={Link}
                  to={bachelorPaths.studentsTerm(summary.id, term.year, term.key)}
                >
                  Students
                </Button>
                {canEdit ? (
                  <>
                    <Button size="xs" variant="default" onClick={() => setOfferIn(term)}>
                      Offer a course
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setForm({ term })}>
                      Change
                    </Button>
                  </>
                ) : null}
                {canDelete && term.students === 0 ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red.9"
                    c="red.9"
                    onClick={() => void onDelete(term)}
                    aria-label={`Delete ${term.name}`}
                  >
                    Delete
                  </Button>
                ) : null}
              </Group>
            </Group>
            <OfferingsTable
              programmeId={summary.id}
              term={term}
              canEdit={canEdit}
              canPlace={canPlace}
              canOpenClassrooms={hasRight(user, 'CLASSROOM__DISPLAY')}
              onPlace={setPlaceIn}
              onCapacity={setCapacityOf}
            />
          </Stack>
        </Card>
      ))}
      <TermFormModal programmeId={summary.id} target={form} onClose={() => setForm(null)} />
      <CapacityModal
        programmeId={summary.id}
        offering={capacityOf}
        onClose={() => setCapacityOf(null)}
      />
      <PlaceStudentsModal
        programmeId={summary.id}
        offering={placeIn}
        onClose={() => setPlaceIn(null)}
      />
      <Modal
        closeButtonProps={CLOSE_LABEL}
        opened={offerIn !== null}
        onClose={() => setOfferIn(null)}
        title={offerIn ? `Offer a course in ${offerIn.name}` : ''}
      >
        {offerIn ? (
          <OfferingForm
            programmeId={summary.id}
            kind="course"
            courses={summary.courses}
            terms={[offerIn]}
            onDone={() => setOfferIn(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
