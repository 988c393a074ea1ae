import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Forum } from '@lantern/contracts/discussions';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { ForumSettings } from './forum-settings';

const fetchMock = vi.fn<typeof fetch>();

const FORUM: Forum = {
  id: 41,
  courseId: 7,
  course: { id: 7, code: 'BUS101', title: 'Principles of management' },
  unit: { id: 9, title: 'Unit 1' },
  item: null,
  title: 'Questions about unit 1',
  topicsBy: 'everyone',
  separateClasses: false,
  isLocked: false,
  isClosed: false,
  version: 3,
  may: { post: true, startTopic: true, moderate: true, manage: true, why: null },
  classes: [],
  mine: null,
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ForumSettings', () => {
  it('is not offered to a reader who may not manage the forum, nor for a graded discussion', () => {
    const { unmount } = renderWithProviders(
      <ForumSettings forum={{ ...FORUM, may: { ...FORUM.may, manage: false } }} />,
    );
    expect(screen.queryByRole('button', { name: 'Forum settings' })).toBeNull();
    unmount();
    renderWithProviders(
      <ForumSettings
        forum={{
          ...FORUM,
          item: {
            id: 5,
            title: 'Debate',
            minPosts: 2,
            minReplies: 1,
            minWordsPerPost: null,
            dueAt: null,
          },
        }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Forum settings' })).toBeNull();
  });

  it('renames and closes the forum with the version it was read at', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ ...FORUM, title: 'Unit 1: questions', isLocked: true, version: 4 }),
    );
    renderWithProviders(<ForumSettings forum={FORUM} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forum settings' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Unit 1: questions');
    await user.click(screen.getByRole('switch', { name: /Closed for new posts/ }));
    await user.click(screen.getByRole('radio', { name: 'Teachers only' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toBe('/api/en/lms/forum/41');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({
      version: 3,
      title: 'Unit 1: questions',
      isLocked: true,
      topicsBy: 'staff',
      separateClasses: false,
    });
  });

  it("shows the server's field error under the title and its refusal of a delete", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          detail: 'Check the fields marked.',
          fields: { title: 'This field must be filled' },
        },
        400,
      ),
    );
    renderWithProviders(<ForumSettings forum={FORUM} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forum settings' }));
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('This field must be filled')).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { code: 'HAS_SUBMISSIONS', detail: 'This forum has posts: lock it instead.' },
        409,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete the forum' }));
    expect(await screen.findByText(/can be deleted only while it has no topics/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete the forum' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This forum has posts: lock it instead.',
    );
    const { url, init } = fetchCall(fetchMock, 1);
    expect(url).toBe('/api/en/lms/forum/41');
    expect(init.method).toBe('DELETE');
  });
});
