import '../styles';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { Button, Group, Loader, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AuthoringUnit, CourseAuthoring } from '@lantern/contracts/learning-content';
import { AUTHORABLE_KINDS } from '@lantern/contracts/learning-kinds';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useCreateUnit } from '../api/create-unit';
import { useCourseAuthoring } from '../api/get-course-authoring';
import { ContentHeader } from '../components/course-header';
import { CopyFromModal } from '../components/copy-from-modal';
import { SyllabusModal } from '../components/syllabus-modal';
import { UnitFormModal } from '../components/unit-form-modal';
import { contentPaths } from '../paths';
import { useActions } from '../components/use-authoring-actions';
import { UnitCard } from '../components/authoring-unit-card';

export const loader = requireRight('COURSE_DOCUMENT__EDIT');

function AuthoringView({ data }: { data: CourseAuthoring }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const actions = useActions();
  const create = useCreateUnit();
  const [title, setTitle] = useState('');
  const [editing, setEditing] = useState<AuthoringUnit | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [syllabusOpen, setSyllabusOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const unitIds = data.units.map((u) => u.id);
  return (
    <Stack gap="md">
      <ContentHeader
        programme={data.programme}
        course={{ id: data.course.id, title: data.course.title }}
        title={t('content.editingCourse', 'Edit course: {{title}}', { title: data.course.title })}
        subtitle={t(
          'content.dragHelp',
          'Drag a unit by its handle, or use Move up and Move down, to change the order.',
        )}
        actions={
          <Group gap="xs">
            {hasRight(user, 'SYLLABUS__EDIT') ? (
              <Button
                variant="light"
                onClick={() => {
                  setSyllabusOpen(true);
                }}
              >
                {t('content.editSyllabus', 'Syllabus')}
              </Button>
            ) : null}
            {hasRight(user, 'COURSE_DOCUMENT__CREATE') ? (
              <Button
                variant="light"
                onClick={() => {
                  setCopyOpen(true);
                }}
              >
                {t('content.copyFrom', 'Copy from another run')}
              </Button>
            ) : null}
            {hasRight(user, 'COURSE_TASK__EDIT') && AUTHORABLE_KINDS.includes('quiz') ? (
              <Button
                variant="light"
                component={Link}
                to={contentPaths.questionBanks(data.course.id)}
              >
                {t('content.questionBanks', 'Question banks')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <ErrorAlert error={actions.error ?? create.error} />
      {data.units.map((unit) => (
        <UnitCard
          key={unit.id}
          unit={unit}
          data={data}
          unitIds={unitIds}
          actions={actions}
          onEdit={setEditing}
          dragging={dragging}
          setDragging={setDragging}
        />
      ))}
      {hasRight(user, 'COURSE_DOCUMENT__CREATE') ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              { courseId: data.course.id, data: { title } },
              {
                onSuccess: () => {
                  setTitle('');
                },
              },
            );
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('content.newUnit', 'New unit')}
              placeholder={t('content.newUnitPlaceholder', 'Title of the unit')}
              value={title}
              maxLength={200}
              required
              onChange={(e) => {
                setTitle(e.currentTarget.value);
              }}
            />
            <Button type="submit" loading={create.isPending}>
              {t('content.addUnit', 'Add unit')}
            </Button>
          </Group>
        </form>
      ) : null}
      <UnitFormModal
        unit={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <SyllabusModal
        courseId={data.course.id}
        opened={syllabusOpen}
        onClose={() => {
          setSyllabusOpen(false);
        }}
      />
      <CopyFromModal
        courseId={data.course.id}
        hasUnits={data.units.length > 0}
        opened={copyOpen}
        onClose={() => {
          setCopyOpen(false);
        }}
      />
    </Stack>
  );
}

/** A course as its authors shape it: units and items, order, publishing, syllabus, copy. */
export default function CourseAuthoringRoute() {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const query = useCourseAuthoring(courseId);
  return (
    <Stack gap="md" maw={1100}>
      {query.isPending ? (
        <Loader role="status" aria-label={t('content.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={query.error} />
      {query.data ? <AuthoringView data={query.data} /> : null}
    </Stack>
  );
}
