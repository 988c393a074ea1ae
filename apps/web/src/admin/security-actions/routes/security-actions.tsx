import '../../../components/form-styles';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  SECURITY_ACTIONS,
  SECURITY_ACTION_LABELS,
  type SecurityAction,
  type SecurityActionInput,
  type SecurityPreview,
  type SecurityRun,
} from '@lantern/contracts/security-actions';
import { ClcFilterSelect } from '../../../components/clc-select';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { CLOSE_LABEL, READABLE_TITLE } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { requireRight } from '../../../lib/require-right';
import { useRoleOptions } from '../../../sis/people/public';
import { usePreviewSecurityAction, useRunSecurityAction } from '../api/security-actions';
import { filterSelection, parseIds, type FilterForm } from '../components/selection';
import { DateField } from '../../../components/date-field';
import { PreviewResult, SkippedList } from '../components/security-results';

const SECURITY_TEXTS = outcomeTexts('Security action done', 'The security action was not done');

export const loader = requireRight('USER__SECURITY_ACCESS');

const SIGNED_IN_OPTIONS = [
  { value: 'never', label: 'Never signed in' },
  { value: 'before', label: 'Last sign-in before' },
  { value: 'since', label: 'Signed in since' },
];

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'locked', label: 'Locked' },
];

const ACTION_OPTIONS = SECURITY_ACTIONS.map((a) => ({
  value: a,
  label: SECURITY_ACTION_LABELS[a],
}));

/** `security-actions`: one security action over many accounts, previewed first. */
export default function SecurityActionsRoute() {
  const roles = useRoleOptions();
  const previewCall = usePreviewSecurityAction();
  const runCall = useRunSecurityAction();
  const [mode, setMode] = useState<'filter' | 'ids'>('filter');
  const [filter, setFilter] = useState<FilterForm>({
    role: null,
    clc: null,
    status: null,
    signedIn: null,
    date: '',
  });
  const [idText, setIdText] = useState('');
  const [action, setAction] = useState<SecurityAction>('lock');
  const [roleKey, setRoleKey] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<{
    input: SecurityActionInput;
    result: SecurityPreview;
  } | null>(null);
  const [result, setResult] = useState<SecurityRun | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const parsed = parseIds(idText);
  const roleData = (roles.data ?? []).map((r) => ({ value: r.key, label: r.label }));
  // Any change to the form makes the preview stale: it must be previewed again.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
      setResult(null);
    };

  const buildInput = (): SecurityActionInput | null => {
    const errors: Record<string, string> = {};
    if (mode === 'ids') {
      if (parsed.ids.length === 0) errors.ids = 'This field must be filled';
      else if (parsed.invalid.length > 0)
        errors.ids = `Not JWL-IDs: ${parsed.invalid.slice(0, 5).join(', ')}`;
    } else if ((filter.signedIn === 'before' || filter.signedIn === 'since') && !filter.date) {
      errors.date = 'Please provide a valid Date';
    }
    if (action === 'remove_role' && !roleKey) errors.roleKey = 'Please select a valid option';
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return null;
    return {
      action,
      ...(action === 'remove_role' && roleKey ? { roleKey } : {}),
      selection: mode === 'ids' ? { mode: 'ids', ids: parsed.ids } : filterSelection(filter),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
  };

  const doPreview = async () => {
    setResult(null);
    const input = buildInput();
    if (!input) return;
    try {
      setPreview({ input, result: await previewCall.mutateAsync(input) });
    } catch {
      setPreview(null);
    }
  };

  const doRun = async () => {
    if (!preview) return;
    setFailure(null);
    try {
      const done = await runCall.mutateAsync({
        ...preview.input,
        expectedCount: preview.result.affected,
      });
      setResult(done);
      setPreview(null);
      setConfirming(false);
      notifySuccess('security-action', SECURITY_TEXTS);
    } catch (error) {
      setFailure(displayError(error));
      notifyFailure('security-action', displayError(error), SECURITY_TEXTS);
    }
  };

  const actionLabel = SECURITY_ACTION_LABELS[action];
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} fz="h2">
        Security actions
      </Title>
      <Text size="sm">
        Choose people by a filter or a list of JWL-IDs, and one action. The preview shows whom it
        changes and whom it leaves out; nothing changes until you confirm. Every change is in the
        audit log.
      </Text>
      <Paper withBorder p="sm" component="section" aria-labelledby="selection-heading">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="selection-heading">
            Who
          </Title>
          <SegmentedControl
            aria-label="Choose people by"
            value={mode}
            onChange={changed((v: string) => {
              setMode(v === 'ids' ? 'ids' : 'filter');
            })}
            data={[
              { value: 'filter', label: 'By filter' },
              { value: 'ids', label: 'By JWL-IDs' },
            ]}
            w={{ base: '100%', sm: 320 }}
          />
          {mode === 'filter' ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <Select
                label="Role"
                placeholder="Any role"
                clearable
                searchable
                data={roleData}
                value={filter.role}
                onChange={changed((v: string | null) => {
                  setFilter((f) => ({ ...f, role: v }));
                })}
              />
              <ClcFilterSelect
                value={filter.clc}
                onChange={changed((v: string | null) => {
                  setFilter((f) => ({ ...f, clc: v }));
                })}
              />
              <Select
                label="Status"
                placeholder="Any status"
                clearable
                data={STATUS_OPTIONS}
                value={filter.status}
                onChange={changed((v: string | null) => {
                  setFilter((f) => ({ ...f, status: v }));
                })}
              />
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Select
                  label="Last sign-in"
                  placeholder="Any time"
                  clearable
                  data={SIGNED_IN_OPTIONS}
                  value={filter.signedIn}
                  onChange={changed((v: string | null) => {
                    setFilter((f) => ({ ...f, signedIn: v }));
                  })}
                  style={{ flex: 1 }}
                />
                {filter.signedIn === 'before' || filter.signedIn === 'since' ? (
                  <DateField
                    label="Date"
                    value={filter.date}
                    error={fieldErrors.date}
                    onChange={(value) => {
                      changed((v: string) => {
                        setFilter((f) => ({ ...f, date: v }));
                      })(value);
                    }}
                    style={{ flex: 1 }}
                  />
                ) : null}
              </Group>
            </SimpleGrid>
          ) : (
            <Textarea
              label="JWL-IDs"
              description="Separated by commas, spaces or lines; up to 10,000."
              autosize
              minRows={3}
              maxRows={10}
              value={idText}
              error={fieldErrors.ids}
              onChange={(event) => {
                const value = event.currentTarget.value;
                changed(setIdText)(value);
              }}
            />
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="sm" component="section" aria-labelledby="action-heading">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="action-heading">
            What
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Action"
              allowDeselect={false}
              data={ACTION_OPTIONS}
              value={action}
              onChange={changed((v: string | null) => {
                const found = SECURITY_ACTIONS.find((a) => a === v);
                if (found) setAction(found);
              })}
            />
            {action === 'remove_role' ? (
              <Select
                label="Role to remove"
                searchable
                data={roleData}
                value={roleKey}
                error={fieldErrors.roleKey}
                onChange={changed(setRoleKey)}
              />
            ) : (
              <div />
            )}
            <TextInput
              label="Reason (optional)"
              description="Goes into the audit log"
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
              }}
            />
          </SimpleGrid>
          {action === 'force_password_reset' ? (
            <Text size="sm">
              Their passwords stop working at once, they are signed out everywhere, and each gets a
              mail with a link to choose a new one.
            </Text>
          ) : null}
          <Group>
            <Button
              variant="default"
              loading={previewCall.isPending}
              onClick={() => void doPreview()}
            >
              Preview
            </Button>
            <Button
              color="red.9"
              disabled={!preview || preview.result.affected === 0}
              onClick={() => {
                setFailure(null);
                setConfirming(true);
              }}
            >
              {preview ? `${actionLabel}: ${String(preview.result.affected)} people` : actionLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <ErrorAlert error={previewCall.error} />
      {preview ? (
        <Paper withBorder p="sm" component="section" aria-label="Preview">
          <PreviewResult preview={preview.result} />
        </Paper>
      ) : null}
      {result ? (
        <Alert
          color={result.skippedCount > 0 ? 'yellow' : 'green'}
          variant="light"
          title={`${actionLabel}: done for ${String(result.affected)} people`}
          styles={READABLE_TITLE}
          role="status"
        >
          {result.skippedCount > 0 ? <SkippedList result={result} /> : null}
        </Alert>
      ) : null}

      <Modal
        closeButtonProps={CLOSE_LABEL}
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={actionLabel}
      >
        <Stack gap="sm">
          <Text size="sm">
            {actionLabel} for {preview?.result.affected ?? 0} people? Each change is written to the
            audit log.
          </Text>
          <DialogActions
            failure={failure}
            onBack={() => {
              setConfirming(false);
            }}
            label={`${actionLabel}: ${String(preview?.result.affected ?? 0)} people`}
            color="red.9"
            isBusy={runCall.isPending}
            onConfirm={() => void doRun()}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
