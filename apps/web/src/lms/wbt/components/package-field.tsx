import { useEffect, useRef, useState } from 'react';
import { Alert, FileInput, List, Progress, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WBT_STANDARD_LABELS, type WbtPackage } from '@lantern/contracts/wbt';
import { useCurrentUser } from '../../../lib/base-data';
import { startResumableUpload, type ResumableUpload } from '../../../lib/resumable-upload';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCreatePackage } from '../api/create-package';
import { usePackages } from '../api/get-packages';
import { formatDateTime } from '../../../lib/format';

type Phase = 'idle' | 'uploading' | 'paused' | 'checking' | 'failed';

/** A package's facts as the author reads them. */
function PackageFacts({ pkg }: { pkg: WbtPackage }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm">
        {pkg.scos.length === 1
          ? t('wbt.package.factsOne', '{{title}} — {{standard}}, 1 part', {
              title: pkg.title,
              standard: WBT_STANDARD_LABELS[pkg.standard],
            })
          : t('wbt.package.facts', '{{title}} — {{standard}}, {{count}} parts', {
              title: pkg.title,
              standard: WBT_STANDARD_LABELS[pkg.standard],
              count: pkg.scos.length,
            })}
      </Text>
      {pkg.warnings.length > 0 ? (
        <Alert color="yellow" variant="light" title={t('wbt.package.warnings', 'Check before use')}>
          <List size="sm">
            {pkg.warnings.map((w) => (
              <List.Item key={`${w.code}-${w.detail}`}>{w.detail}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The item form's package: upload a zip (resumable, purpose `wbt_package`), which the server
 * checks and stores, or choose one uploaded to the course before. A refused package shows the
 * server's sentence; a stored one its standard, parts and warnings.
 */
export function PackageField({
  courseId,
  packageId,
  onChange,
  error,
}: {
  courseId: number;
  packageId: number | null;
  onChange: (pkg: WbtPackage | null) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const packages = usePackages(courseId);
  const create = useCreatePackage(courseId);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [sent, setSent] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const running = useRef<ResumableUpload | null>(null);
  useEffect(() => () => void running.current?.abort(), []);

  const chosen = packages.data?.packages.find((p) => p.id === packageId) ?? create.data ?? null;

  const pick = (picked: File | null) => {
    void running.current?.abort();
    running.current = null;
    setFile(picked);
    setSent(0);
    setUploadError(null);
    create.reset();
    if (!picked || !user) {
      setPhase('idle');
      return;
    }
    setPhase('uploading');
    const upload = startResumableUpload({
      endpoint: '/api/en/lms/wbt-uploads',
      file: picked,
      metadata: { courseId: String(courseId), filename: picked.name },
      userId: user.id,
      onProgress: setSent,
      onStateChange: (next) => {
        if (next === 'uploading' || next === 'paused') setPhase(next);
      },
    });
    running.current = upload;
    upload.done.then(
      ({ uploadId }) => {
        setPhase('checking');
        create.mutate(uploadId, {
          onSuccess: (pkg) => {
            setPhase('idle');
            onChange(pkg);
          },
          onError: () => setPhase('failed'),
        });
      },
      (reason: unknown) => {
        if (reason instanceof Error && reason.name === 'AbortError') return;
        setPhase('failed');
        setUploadError(reason instanceof Error ? reason.message : String(reason));
      },
    );
  };

  const percent = file && file.size > 0 ? Math.round((sent / file.size) * 100) : 0;
  const options = (packages.data?.packages ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.title} (${WBT_STANDARD_LABELS[p.standard]}, ${formatDateTime(p.createdAt)})`,
  }));
  return (
    <Stack gap="xs">
      <FileInput
        label={t('wbt.package.upload', 'Upload a package')}
        description={t(
          'wbt.package.uploadHelp',
          'A SCORM 1.2 or SCORM 2004 zip, or a zip of an HTML site with index.html at its top.',
        )}
        placeholder={t('wbt.package.pick', 'Pick a ZIP file')}
        accept=".zip,application/zip"
        value={file}
        onChange={pick}
        clearable
        clearButtonProps={{ 'aria-label': t('wbt.package.clear', 'Remove the file') }}
        error={uploadError}
      />
      {phase === 'uploading' || phase === 'paused' ? (
        <>
          <Progress value={percent} aria-label={t('content.uploadProgress', 'Upload progress')} />
          <Text size="xs" c="dimmed">
            {phase === 'paused'
              ? t('content.uploadPaused', 'Paused — resumes when you are back online')
              : t('content.uploading', 'Uploading… {{percent}} %', { percent })}
          </Text>
        </>
      ) : null}
      {phase === 'checking' ? (
        <Text size="xs" c="dimmed" role="status">
          {t('wbt.package.checking', 'Checking the package…')}
        </Text>
      ) : null}
      <ErrorAlert error={create.error} />
      {options.length > 0 ? (
        <Select
          label={t('wbt.package.choose', 'Package')}
          data={options}
          value={packageId === null ? null : String(packageId)}
          onChange={(value) =>
            onChange(packages.data?.packages.find((p) => String(p.id) === value) ?? null)
          }
          error={error}
          allowDeselect={false}
        />
      ) : error ? (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      ) : null}
      {chosen && chosen.id === packageId ? <PackageFacts pkg={chosen} /> : null}
    </Stack>
  );
}
