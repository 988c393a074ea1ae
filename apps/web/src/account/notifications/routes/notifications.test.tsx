import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Notification } from '@lantern/contracts/communication';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import NotificationsRoute from './notifications';

const holder = vi.hoisted(() => ({ rights: [] as string[] }));
vi.mock('../../../lib/base-data', () => ({
  useCurrentUser: () => ({ applicationRights: holder.rights, applicationRoles: [] }),
}));

const REQUEST_NOTE: Notification = {
  id: 5,
  type: 'undo_publish_request',
  isRead: false,
  readAt: null,
  createdAt: '2027-03-03T14:02:00.000Z',
  priority: 'normal',
  submissionId: null,
  taskId: null,
  announcementId: null,
  undoPublishRequestId: 12,
  topicId: null,
  dropoutFlagId: null,
  title: 'Undo publish: BUS101 · Essay 2 · Maria Alvarez',
  body: null,
  link: null,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/en/notifications/unread-count'))
      return Promise.resolve(
        jsonResponse({
          total: 1,
          announcements: 0,
          gradeComments: 0,
          undoPublishRequests: 1,
          discussionReplies: 0,
        }),
      );
    if (url.startsWith('/api/en/notifications/undo-publish-requests'))
      return Promise.resolve(jsonResponse({ notifications: [REQUEST_NOTE] }));
    return Promise.resolve(jsonResponse({ notifications: [] }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/en/notifications" element={<NotificationsRoute />} />
    </Routes>,
    { route },
  );
}

describe('the requests tab', () => {
  it('shows to those who may ask for or decide requests, its entries leading to the request', async () => {
    for (const right of ['GRADE_CHANGE_REQUEST__CREATE', 'GRADE_CHANGE_REQUEST__EDIT']) {
      holder.rights = [right];
      const { unmount } = open('/en/notifications?type=undo_publish_request');
      expect(
        await screen.findByRole('tab', { name: /^Undo-publish requests/, selected: true }),
      ).toBeVisible();
      expect(
        await screen.findByRole('link', { name: 'Undo publish: BUS101 · Essay 2 · Maria Alvarez' }),
      ).toHaveAttribute('href', '/en/learning/grade-request/12');
      unmount();
    }
  });

  it('is not there for others, even when the address names it', async () => {
    holder.rights = ['GRADE_CHANGE_REQUEST__DISPLAY'];
    open('/en/notifications?type=undo_publish_request');
    expect(await screen.findByRole('tab', { name: 'Announcements', selected: true })).toBeVisible();
    expect(screen.queryByRole('tab', { name: /Undo-publish requests/ })).toBeNull();
    expect(fetchMock.mock.calls.some((c) => urlOf(c[0]).includes('undo-publish-requests'))).toBe(
      false,
    );
  });
});
