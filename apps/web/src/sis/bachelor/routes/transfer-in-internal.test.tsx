import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, urlOf } from '../../../test/render';
import { CONVERSIONS, openTransferIn, STUDENTS } from '../transfer-in-test-fixtures';
import TransferInInternal from './transfer-in-internal';

const SOURCES = {
  sources: [
    {
      enrolmentId: 88,
      programmeCode: 'PC-ENG',
      programmeTitle: 'English',
      courseId: 40,
      courseCode: 'ENG101',
      courseTitle: 'Reading',
      units: 3,
      score: 3.5,
      schemaId: 2,
      schemaName: 'Four-point',
      schemaVersion: 1,
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url.includes('/conversions')) return Promise.resolve(jsonResponse(CONVERSIONS));
    if (url.includes('/credits/students')) return Promise.resolve(jsonResponse(STUDENTS));
    if (url.includes('/transfer-in/sources/5')) return Promise.resolve(jsonResponse(SOURCES));
    if (url.includes('/transfer-in') && init?.method === 'POST')
      return Promise.resolve(
        jsonResponse({ code: 'CONFLICT', detail: 'This result was transferred already.' }, 409),
      );
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', detail: 'Not found.' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const open = () => openTransferIn('internal', <TransferInInternal />);

describe('TransferInInternal', () => {
  it('says what is missing next to each field, without sending anything', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Propose transfer' }));
    expect(await screen.findByText('Choose the student')).toBeVisible();
    expect(screen.getByText('Choose the course it counts for')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('offers the student’s results elsewhere, previews the grade and shows a refusal', async () => {
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('textbox', { name: 'Student' }));
    await user.click(await screen.findByRole('option', { name: /Maria Alvarez/, hidden: true }));
    await user.click(screen.getByRole('textbox', { name: 'Final result it comes from' }));
    await user.click(
      await screen.findByRole('option', {
        name: 'PC-ENG ENG101 Reading: 3.5 (Four-point)',
        hidden: true,
      }),
    );
    expect(await screen.findByText('3.5 (Four-point, same schema)')).toBeVisible();
    expect(screen.getByText(/Approval is a second step/)).toBeVisible();
    await user.click(screen.getByRole('textbox', { name: 'Counts for the course' }));
    await user.click(await screen.findByRole('option', { name: /LIB110/, hidden: true }));
    expect(screen.getByText("Leave empty for the course's 3 credits")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Propose transfer' }));
    expect(await screen.findByText('This result was transferred already.')).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      kind: 'internal',
      enrolmentId: 5,
      sourceEnrolmentId: 88,
      sourceCourseId: 40,
      courseId: 7,
    });
  });
});
