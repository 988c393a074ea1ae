import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { Select } from './select';

function Picker({ required }: { required: boolean }) {
  const [value, setValue] = useState<string | null>('ar');
  return (
    <>
      <Select
        label="Language"
        required={required}
        data={[
          { value: 'en', label: 'English' },
          { value: 'ar', label: 'Arabic' },
        ]}
        value={value}
        onChange={setValue}
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

/** Opens the select and clicks the option already chosen. */
async function clickChosenOption(): Promise<void> {
  const user = userEvent.setup();
  await user.click(screen.getByRole('textbox', { name: /Language/ }));
  await user.click(await screen.findByRole('option', { name: 'Arabic', hidden: true }));
}

describe('Select', () => {
  it('keeps a required choice when its option is clicked again', async () => {
    renderWithProviders(<Picker required />);
    await clickChosenOption();
    expect(screen.getByRole('status')).toHaveTextContent('ar');
  });

  it('lets an optional choice be emptied by clicking its option again', async () => {
    renderWithProviders(<Picker required={false} />);
    await clickChosenOption();
    expect(screen.getByRole('status')).toHaveTextContent('none');
  });
});
