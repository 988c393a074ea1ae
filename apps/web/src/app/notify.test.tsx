import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { AppProvider } from './provider';
import { notifications } from '../components/notifications-host';
import { createMemoryRouter } from 'react-router';
import {
  clearNoticesOnNavigation,
  notifyFailure,
  notifyInvalid,
  notifySuccess,
  outcomeTexts,
} from '../lib/notify';

const CREATE = outcomeTexts('Student created', 'The student was not created');

/** The toasts on screen, by their text. */
const toasts = () => screen.queryAllByRole('alert').map((toast) => toast.textContent);

// The toast store is one for the whole test run: each test starts with it empty (a file run
// before may have left toasts queued) and leaves it so.
const emptyStore = () => {
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
};
beforeEach(emptyStore);
afterEach(emptyStore);

describe('toasts', () => {
  it('keeps the spec’s two texts for a form that updates', async () => {
    render(<AppProvider>page</AppProvider>);
    act(() => {
      notifySuccess('profile-clcs');
    });
    await waitFor(() => {
      expect(toasts()).toEqual([expect.stringContaining('Successfully updated')]);
    });
    act(() => {
      notifyFailure('profile-clcs', 'CLCs: At least 1 option must be selected');
    });
    await waitFor(() => {
      expect(toasts()).toEqual([expect.stringContaining('Error while updating')]);
    });
    expect(toasts()[0]).toContain('CLCs: At least 1 option must be selected');
  });

  it('says what happened elsewhere, and a new toast replaces the last one of its form', async () => {
    render(<AppProvider>page</AppProvider>);
    act(() => {
      notifyInvalid('student-form', CREATE)();
    });
    await waitFor(() => {
      expect(toasts()).toEqual([expect.stringContaining('The student was not created')]);
    });
    act(() => {
      notifySuccess('student-form', CREATE);
    });
    // The red toast is gone: only the green one of the same form stays.
    await waitFor(() => {
      expect(toasts()).toEqual([expect.stringContaining('Student created')]);
    });
    expect(toasts().join(' ')).not.toMatch(/Error while updating|Successfully updated/);
  });

  it('keeps toasts of different forms side by side', async () => {
    render(<AppProvider>page</AppProvider>);
    act(() => {
      notifySuccess('role-picker', outcomeTexts('Role changed', 'The role was not changed'));
      notifySuccess('profile-clcs');
    });
    await waitFor(() => {
      expect(toasts()).toHaveLength(2);
    });
  });

  it('takes a failure away when the page is left, and leaves a success', async () => {
    const router = createMemoryRouter(
      [
        { path: '/en/a', element: 'a' },
        { path: '/en/b', element: 'b' },
        { path: '/en/c', element: 'c' },
      ],
      { initialEntries: ['/en/a'] },
    );
    const stop = clearNoticesOnNavigation(router);
    render(<AppProvider>page</AppProvider>);
    act(() => {
      notifyFailure('student-form', undefined, CREATE);
      notifySuccess('profile-clcs');
    });
    await waitFor(() => {
      expect(toasts()).toHaveLength(2);
    });
    await act(() => router.navigate('/en/b'));
    await waitFor(() => {
      expect(toasts()).toEqual([expect.stringContaining('Successfully updated')]);
    });
    // A failure on the new page stays until that page is left.
    act(() => {
      notifyFailure('student-form', undefined, CREATE);
    });
    await waitFor(() => {
      expect(toasts()).toHaveLength(2);
    });
    await act(() => router.navigate('/en/b?tab=2'));
    expect(toasts()).toHaveLength(2);
    await act(() => router.navigate('/en/c'));
    await waitFor(() => {
      expect(toasts()).toEqual([expect.stringContaining('Successfully updated')]);
    });
    stop();
  });
});
