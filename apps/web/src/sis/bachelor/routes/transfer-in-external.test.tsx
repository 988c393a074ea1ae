import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, urlOf } from '../../../test/render';
import { CONVERSIONS, openTransferIn, STUDENTS } from '../transfer-in-test-fixtures';
import { TransferInKinds } from '../components/transfer-in-form';
import TransferInExternal from './transfer-in-external';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url.includes('/conversions')) return Promise.resolve(jsonResponse(CONVERSIONS));
    if (url.includes('/credits/students')) return Promise.resolve(jsonResponse(STUDENTS));
    if (url.includes('/transfer-in') && init?.method === 'POST')
      return Promise.resolve(
        jsonResponse(
          {
            code: 'VALIDATION',
            detail: 'Grade: The grade is above the schema’s maximum',
            fields: { sourceGrade: 'The grade is above the schema’s maximum' },
          },
          400,
        ),
      );
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', detail: 'Not found.' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const open = () => openTransferIn('external', <TransferInExternal />);

describe('TransferInExternal', () => {
  it('is reached from Transfer in, which names both kinds and marks the open one', async () => {
    openTransferIn('internal', <TransferInKinds programmeId={512} />);
    const kinds = await screen.findByRole('navigation', { name: 'Kind of transfer' });
    expect(within(kinds).getByRole('link', { name: 'From another institution' })).toHaveAttribute(
      'href',
      '/en/programme/bachelor/512/transfer-in/external',
    );
    expect(
      within(kinds).getByRole('link', { name: 'From another Lantern programme' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('says what is missing next to each field, without sending anything', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Propose transfer' }));
    expect(await screen.findByText('Name the institution')).toBeVisible();
    expect(screen.getByText('Name the course taken there')).toBeVisible();
    // The selects say what to choose, the schema too (its rule spans two fields).
    expect(screen.getByText('Choose the student')).toBeVisible();
    expect(screen.getByText('Choose the course it counts for')).toBeVisible();
    expect(
      screen.getByText('Choose the grading schema, or give the scale’s maximum'),
    ).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('previews a grade on a given scale and puts the server’s field message next to its field', async () => {
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('textbox', { name: 'Student' }));
    await waitFor(() => {
      expect(fetchMock.mock.calls.map(([u]) => urlOf(u)).join(' ')).toContain('/credits/students');
    });
    await user.click(await screen.findByRole('option', { name: /Maria Alvarez/, hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'Institution' }), 'Open University');
    await user.type(screen.getByRole('textbox', { name: 'Course taken there' }), 'Ethics');
    await user.click(screen.getByRole('textbox', { name: 'Grading schema' }));
    await user.click(
      await screen.findByRole('option', { name: 'Another scale (give its maximum)', hidden: true }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Grade' }), '8');
    await user.type(screen.getByRole('textbox', { name: 'Credits' }), '3');
    await user.click(screen.getByRole('textbox', { name: 'Counts for the course' }));
    await user.click(await screen.findByRole('option', { name: /LIB110/, hidden: true }));
    expect(
      await screen.findByText('3.2 (Four-point, in proportion to a scale of 10)'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Propose transfer' }));
    await waitFor(() => {
      expect(screen.getAllByText('The grade is above the schema’s maximum').length).toBeGreaterThan(
        0,
      );
    });
  });
});
