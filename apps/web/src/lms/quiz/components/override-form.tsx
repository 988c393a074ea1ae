import '../styles';
import { Button, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { overrideInputSchema, type OverrideInput, type QuizSession } from '@lantern/contracts/quiz';
import { DateTimeField } from '../../../components/date-time-field';
import { ErrorAlert } from '../../../components/failure-alert';
import { isApiError } from '../../../lib/api-errors';
import { fromLocalDateTime, toLocalDateTime } from '../../../lib/format';
import { useResults } from '../api/get-results';
import { useSaveOverride } from '../api/save-override';

/** Extra time, extra attempts or a later close for one learner, with the reason. */
export function OverrideForm({
  itemId,
  session,
  onDone,
}: {
  itemId: number;
  session: QuizSession;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const results = useResults(itemId, session.id);
  const save = useSaveOverride(itemId);
  const [studentId, setStudentId] = useState<string | null>(null);
  const [value, setValue] = useState<OverrideInput>({
    extraMinutes: 0,
    extraAttempts: 0,
    closesAt: null,
    reason: '',
  });
  const [checked, setChecked] = useState(false);
  const existing = session.overrides.find((o) => String(o.studentId) === studentId);
  const local: Record<string, string> = {};
  if (checked) {
    const parsed = overrideInputSchema.safeParse(value);
    if (!parsed.success)
      for (const issue of parsed.error.issues) local[issue.path.join('.')] ??= issue.message;
    if (studentId === null)
      local.studentId = t('quizAuthoring.required', 'This field must be filled');
  }
  const server = isApiError(save.error) ? save.error.fields : {};
  const err = (key: string) => local[key] ?? server[key];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (studentId === null || !overrideInputSchema.safeParse(value).success) return;
        save.mutate(
          {
            sessionId: session.id,
            studentId: Number(studentId),
            data: { ...value, ...(existing ? { version: existing.version } : {}) },
          },
          { onSuccess: onDone },
        );
      }}
    >
      <Stack gap="sm">
        <Select
          label={t('quiz.sessions.learner', 'Learner')}
          required
          searchable
          data={(results.data?.rows ?? []).map((r) => ({
            value: String(r.studentId),
            label: r.className ? `${r.name} · ${r.className}` : r.name,
          }))}
          value={studentId}
          error={err('studentId')}
          onChange={setStudentId}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label={t('quiz.sessions.extraMinutes', 'Extra minutes')}
            min={0}
            max={600}
            value={value.extraMinutes ?? 0}
            error={err('extraMinutes')}
            onChange={(v) => setValue({ ...value, extraMinutes: Number(v) || 0 })}
          />
          <NumberInput
            label={t('quiz.sessions.extraAttempts', 'Extra attempts')}
            min={0}
            max={20}
            value={value.extraAttempts ?? 0}
            error={err('extraAttempts')}
            onChange={(v) => setValue({ ...value, extraAttempts: Number(v) || 0 })}
          />
          <DateTimeField
            label={t('quiz.sessions.laterClose', 'Closes for this learner')}
            value={toLocalDateTime(value.closesAt ?? null)}
            error={err('closesAt')}
            defaultTime="23:59"
            onChange={(v) => setValue({ ...value, closesAt: fromLocalDateTime(v) })}
          />
        </SimpleGrid>
        <TextInput
          label={t('quiz.sessions.reason', 'Reason')}
          required
          maxLength={500}
          value={value.reason}
          error={err('reason')}
          onChange={(e) => setValue({ ...value, reason: e.currentTarget.value })}
        />
        {save.error && Object.keys(server).length === 0 ? <ErrorAlert error={save.error} /> : null}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t('quiz.sessions.grant', 'Grant')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('quizAuthoring.cancel', 'Cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
