import {
  Checkbox,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../styles';
import { PackageField } from './package-field';

/** The item form's fields of a training (decision 0020 §1.1's settings, as the form holds them). */
export type WbtFormFields = {
  packageId: number | null;
  gradeFrom: 'score' | 'completion';
  completeWhen: 'completed' | 'passed' | 'completed_or_passed';
  isPublic: boolean;
  displayMode: 'embedded' | 'full';
  heightPx: string;
};

/**
 * A training's own fields in the item form: the package, what the grade comes from, when it
 * counts as complete, whether it is public, and how it is shown.
 */
export function WbtFields({
  courseId,
  form,
  set,
  packageError,
}: {
  courseId: number;
  form: WbtFormFields;
  set: (patch: Partial<WbtFormFields>) => void;
  packageError: string | null;
}) {
  const { t } = useTranslation();
  const setOne = <K extends keyof WbtFormFields>(key: K, value: WbtFormFields[K]) =>
    set({ [key]: value });
  return (
    <Stack gap="sm" mt="sm">
      <PackageField
        courseId={courseId}
        packageId={form.packageId}
        error={packageError}
        onChange={(pkg) => {
          setOne('packageId', pkg?.id ?? null);
          // An HTML package reports no score: completion is the only grade it can give.
          if (pkg?.standard === 'html') setOne('gradeFrom', 'completion');
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Radio.Group
          label={t('wbt.form.gradeFrom', 'Grade from')}
          value={form.gradeFrom}
          onChange={(v) => setOne('gradeFrom', v === 'completion' ? 'completion' : 'score')}
        >
          <Stack gap={6} mt={6}>
            <Radio
              value="score"
              label={t('wbt.form.gradeScore', 'The score the training reports')}
            />
            <Radio
              value="completion"
              label={t('wbt.form.gradeCompletion', 'Completion: full points when complete')}
            />
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={t('wbt.form.completeWhen', 'Complete when the training reports')}
          value={form.completeWhen}
          onChange={(v) =>
            setOne('completeWhen', v === 'completed' || v === 'passed' ? v : 'completed_or_passed')
          }
        >
          <Stack gap={6} mt={6}>
            <Radio
              value="completed_or_passed"
              label={t('wbt.form.completedOrPassed', 'Completed or passed')}
            />
            <Radio value="completed" label={t('wbt.form.completed', 'Completed')} />
            <Radio value="passed" label={t('wbt.form.passed', 'Passed')} />
          </Stack>
        </Radio.Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="wbt-display-label">
            {t('wbt.form.display', 'Shown')}
          </Text>
          <SegmentedControl
            aria-labelledby="wbt-display-label"
            value={form.displayMode}
            onChange={(v) => setOne('displayMode', v === 'full' ? 'full' : 'embedded')}
            data={[
              { value: 'embedded', label: t('wbt.form.embedded', 'In the page') },
              { value: 'full', label: t('wbt.form.full', 'Full screen') },
            ]}
          />
        </Stack>
        <TextInput
          label={t('wbt.form.height', 'Height in the page (pixels)')}
          type="number"
          min={400}
          max={2000}
          required
          value={form.heightPx}
          onChange={(e) => setOne('heightPx', e.currentTarget.value)}
          description={t(
            'wbt.form.heightHelp',
            'From 400 to 2000; phones always show it full screen.',
          )}
        />
      </SimpleGrid>
      <Checkbox
        label={t('wbt.form.public', 'Public: anyone with the link may play it, without signing in')}
        description={t('wbt.form.publicHelp', 'Nothing is saved for people who play it there.')}
        checked={form.isPublic}
        onChange={(e) => setOne('isPublic', e.currentTarget.checked)}
      />
    </Stack>
  );
}
