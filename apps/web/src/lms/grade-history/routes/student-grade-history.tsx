import '../styles';
import { useState } from 'react';
import { Button, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { requireRight } from '../../../lib/require-right';
import { formatDateTime, toLocalDateTime } from '../../../lib/format';
import { useGradeHistory } from '../api/get-grade-history';
import { useStudentGradesAsOf } from '../api/get-student-grades-as-of';
import { AsOfField } from '../components/as-of-field';
import { HistoryList } from '../components/history-table';
import { StudentGradesAsOfTable } from '../components/student-grades-as-of';

export const loader = requireRight('GRADE_BOOK__DISPLAY');

/**
 * learning/student/:studentId/grade-history (decision 0021 §1.7): every change of a student's
 * grades, newest first, filtered by course, 50 at a time; and the student's grades as of a time.
 */
export default function StudentGradeHistoryRoute() {
  const { t } = useTranslation();
  const studentId = Number(useParams().studentId);
  const [search, setSearch] = useSearchParams();
  const courseParam = Number(search.get('courseId'));
  const courseId = courseParam > 0 ? courseParam : undefined;
  // The courses to filter by are those with a grade now (one read, as of the page's opening).
  const [openedAt] = useState(() => new Date());
  const [asOfInput, setAsOfInput] = useState(() => toLocalDateTime(openedAt));
  const [asOf, setAsOf] = useState(() => openedAt.toISOString());
  const history = useGradeHistory(studentId, courseId);
  const now = useStudentGradesAsOf(studentId, openedAt.toISOString());
  const then = useStudentGradesAsOf(studentId, asOf);
  const student = history.data?.pages[0]?.student ?? now.data?.student;
  const courses = [
    ...new Map((now.data?.grades ?? []).map((g) => [g.course.id, g.course])).values(),
  ];
  return (
    <Stack gap="sm" maw={1200}>
      <Title order={1} size="h3">
        {student
          ? t('gradeHistory.title', 'Grade history · {{name}}', {
              name: `${student.firstName} ${student.lastName}`,
            })
          : t('gradeHistory.titleBare', 'Grade history')}
      </Title>
      <Select
        label={t('gradeHistory.course', 'Course')}
        placeholder={t('gradeHistory.allCourses', 'All courses')}
        size="xs"
        w={280}
        clearable
        data={courses.map((c) => ({ value: String(c.id), label: `${c.code} · ${c.title}` }))}
        value={courseId === undefined ? null : String(courseId)}
        onChange={(v) => {
          setSearch(v ? { courseId: v } : {}, { replace: true });
        }}
      />
      <Tabs defaultValue="changes" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="changes">{t('gradeHistory.changesTab', 'Changes')}</Tabs.Tab>
          <Tabs.Tab value="as-of">{t('gradeHistory.asOfTab', 'Grades as of a time')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="changes" pt="sm">
          <HistoryList
            query={history}
            empty={t('gradeHistory.none', 'No grade has changed yet.')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="as-of" pt="sm">
          <Stack gap="xs">
            <Group gap="xs" align="end" wrap="wrap">
              <AsOfField
                value={asOfInput}
                onChange={(value, at) => {
                  setAsOfInput(value);
                  // An emptied field reads as now.
                  setAsOf(at ?? new Date().toISOString());
                }}
              />
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  const at = new Date();
                  setAsOfInput(toLocalDateTime(at));
                  setAsOf(at.toISOString());
                }}
              >
                {t('gradeHistory.now', 'Now')}
              </Button>
            </Group>
            <Text size="sm" c="gray.8">
              {t(
                'gradeHistory.asOfExplain',
                'The grades as they stood at {{at}}, drafts included; later changes are not shown.',
                { at: formatDateTime(asOf) },
              )}
            </Text>
            <StudentGradesAsOfTable
              data={then.data}
              error={then.error}
              isPending={then.isPending}
              courseId={courseId}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
