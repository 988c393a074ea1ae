import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { AutomaticMailForm, NEW_MAIL_VALUES } from './automatic-mail-form';

function renderForm(onSave = vi.fn().mockResolvedValue(undefined)) {
  renderWithProviders(
    <AutomaticMailForm
      defaultValues={NEW_MAIL_VALUES}
      submitLabel="Create mail"
      canEdit
      onSave={onSave}
    />,
  );
  return onSave;
}

/** The options of a select (its dropdown never finishes opening in jsdom: they stay hidden). */
const optionTexts = async (select: RegExp) =>
  within(await screen.findByRole('listbox', { name: select, hidden: true }))
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent);

describe('AutomaticMailForm', () => {
  it('offers only the event statuses of the chosen event, and none for events without', async () => {
    renderForm();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const status = screen.getByRole('textbox', { name: /^Event status/ });
    await user.click(status);
    expect(await optionTexts(/^Event status/)).toEqual([
      'Applied',
      'Active',
      'Declined',
      'Withdrawn',
      'Passed',
      'Failed',
    ]);
    await user.click(screen.getByRole('option', { name: 'Passed', hidden: true }));
    expect(status).toHaveValue('Passed');

    // Another event: the student state no longer fits and is dropped.
    await user.click(screen.getByRole('textbox', { name: /^Event$/ }));
    await user.click(screen.getByRole('option', { name: 'Programme state changed', hidden: true }));
    expect(status).toHaveValue('');
    await user.click(status);
    expect(await optionTexts(/^Event status/)).toContain('Preparation done');
    expect(await optionTexts(/^Event status/)).not.toContain('Passed');

    await user.click(screen.getByRole('textbox', { name: /^Event$/ }));
    await user.click(screen.getByRole('option', { name: 'Certificate issued', hidden: true }));
    expect(status).toBeDisabled();
    expect(status).toHaveAccessibleDescription('This event has no status');
  });

  it('inserts a picked placeholder at the body’s caret and sends it', async () => {
    const onSave = renderForm();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Welcome');
    const body = screen.getByRole('textbox', { name: /^Body/ });
    await user.type(body, 'Dear , welcome.');
    // The caret after "Dear ".
    (body as HTMLTextAreaElement).setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    await user.click(await screen.findByRole('menuitem', { name: '{{firstName}}', hidden: true }));
    expect(body).toHaveValue('Dear {{firstName}}, welcome.');

    await user.click(screen.getByRole('button', { name: 'Create mail' }));
    expect(onSave).toHaveBeenCalledWith({
      eventType: 'student_state_changed',
      eventStatus: null,
      subject: 'Welcome',
      body: 'Dear {{firstName}}, welcome.',
      recipientRole: 'student',
      published: false,
    });
  });

  it('inserts into the subject when it was the field used last', async () => {
    renderForm();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const subject = screen.getByRole('textbox', { name: /^Subject/ });
    await user.type(subject, 'Welcome to ');
    await user.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    await user.click(await screen.findByRole('menuitem', { name: '{{programme}}', hidden: true }));
    expect(subject).toHaveValue('Welcome to {{programme}}');
    expect(screen.getByRole('textbox', { name: /^Body/ })).toHaveValue('');
  });

  it('refuses a placeholder the mail does not know, by its field', async () => {
    const onSave = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Hi');
    await user.type(screen.getByRole('textbox', { name: /^Body/ }), 'Dear {{{{nickname}}');
    await user.click(screen.getByRole('button', { name: 'Create mail' }));
    expect(screen.getByRole('textbox', { name: /^Body/ })).toHaveAccessibleDescription(
      'Unknown placeholder {{nickname}}',
    );
    expect(onSave).not.toHaveBeenCalled();
  });
});
