import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ApiError } from '../lib/api-errors';
import { useSaveOutcome } from '../lib/use-save-outcome';
import { renderWithProviders } from '../test/render';
import { SaveFooter } from './save-footer';

type Values = { name: string };

function NameForm({
  onSave,
  onReload,
}: {
  onSave: (data: Values) => Promise<void>;
  onReload?: () => Promise<Values>;
}) {
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: { name: 'Old' },
  });
  const outcome = useSaveOutcome({ setError, reset, fields: ['name'], onReload, form: 'name' });
  const onSubmit = handleSubmit((data) => outcome.run(() => onSave(data)));
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextInput label="Name" error={formState.errors.name?.message} {...register('name')} />
      <SaveFooter outcome={outcome} submitLabel="Save" isSubmitting={formState.isSubmitting} />
    </form>
  );
}

const refused = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ kind: 'response', message: 'Refused', status: 400, ...init });

describe('SaveFooter with useSaveOutcome', () => {
  it('puts a field message next to its field, and any other failure in an alert', async () => {
    const onSave = vi
      .fn<(data: Values) => Promise<void>>()
      .mockRejectedValueOnce(refused({ fields: { name: 'Already taken' } }))
      .mockRejectedValueOnce(refused({ message: 'Not now', status: 503 }));
    renderWithProviders(<NameForm onSave={onSave} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Already taken')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not now');
  });

  it('offers the newer version of a record someone else saved, and loads it', async () => {
    const onReload = vi.fn(() => Promise.resolve({ name: 'Theirs' }));
    renderWithProviders(
      <NameForm
        onSave={() =>
          Promise.reject(
            refused({ message: 'Saved meanwhile', status: 409, code: 'STALE_VERSION' }),
          )
        }
        onReload={onReload}
      />,
    );
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changed by someone else')).toBeInTheDocument();
    expect(screen.getByText('Saved meanwhile')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Theirs')).toBeInTheDocument();
    expect(screen.queryByText('Changed by someone else')).not.toBeInTheDocument();
  });

  it('has no submit button on a form that is only read', () => {
    renderWithProviders(
      <SaveFooter
        outcome={{ stale: null, failure: null, reload: () => Promise.resolve() }}
        submitLabel="Save"
        isSubmitting={false}
        canSubmit={false}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
