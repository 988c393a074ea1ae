import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '@lantern/contracts/discussions';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { PostCard } from './post-card';

const fetchMock = vi.fn<typeof fetch>();

const POST: Post = {
  id: 77,
  topicId: 5,
  parentId: null,
  depth: 0,
  path: '0001',
  author: { id: 12, name: 'Achol Garang' },
  replyTo: null,
  body: 'The river is wide here.',
  wordCount: 5,
  createdAt: '2026-11-26T10:00:00.000Z',
  editedAt: '2026-11-26T10:05:00.000Z',
  editCount: 1,
  removed: null,
  isUnread: false,
  editableUntil: null,
  version: 2,
};

const card = (post: Post, mayModerate: boolean) => (
  <PostCard
    post={post}
    indent={0}
    showReplyTo={false}
    mayReply
    mayModerate={mayModerate}
    minWords={null}
    focused={false}
    onReply={() => Promise.resolve()}
  />
);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PostCard', () => {
  it("shows a moderator a changed post's earlier text", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        postId: 77,
        revisions: [
          { version: 1, body: 'The river is narrow here.', replacedAt: '2026-11-26T10:05:00.000Z' },
        ],
      }),
    );
    renderWithProviders(card(POST, true));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Earlier versions' }));
    expect(await screen.findByText('The river is narrow here.')).toBeVisible();
    expect(fetchCall(fetchMock, 0).url).toBe('/api/en/lms/post/77/revisions');
  });

  it('offers no earlier versions to a classmate, nor for a post never changed', () => {
    const { unmount } = renderWithProviders(card(POST, false));
    expect(screen.queryByRole('button', { name: 'Earlier versions' })).toBeNull();
    unmount();
    renderWithProviders(card({ ...POST, editCount: 0, editedAt: null }, true));
    expect(screen.queryByRole('button', { name: 'Earlier versions' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
