import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@lantern/contracts/communication';
import { renderWithProviders } from '../../../test/render';
import { NotificationList } from './notification-list';

const base: Notification = {
  id: 1,
  type: 'announcement',
  isRead: false,
  readAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  priority: 'normal',
  submissionId: null,
  taskId: null,
  announcementId: 11,
  undoPublishRequestId: null,
  topicId: null,
  dropoutFlagId: null,
  title: 'Library closed',
  body: 'On Friday.',
  link: '/en/notifications?type=announcement&id=11',
};
const items: Notification[] = [
  base,
  { ...base, id: 2, announcementId: 12, title: 'Exam room', isRead: true, priority: 'high' },
];

function renderList(focusId: number | null = null) {
  const handlers = { onToggle: vi.fn(), onMarkSeveral: vi.fn(), onMarkAll: vi.fn() };
  renderWithProviders(
    <NotificationList
      type="announcement"
      items={items}
      focusId={focusId}
      isBusy={false}
      {...handlers}
    />,
  );
  return handlers;
}

describe('NotificationList', () => {
  it('marks the unread, opens an announcement and marks it read', async () => {
    const { onToggle } = renderList();
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Unread');
    expect(second).not.toHaveTextContent('Unread');
    expect(second).toHaveTextContent('Important');
    expect(screen.queryByText('On Friday.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Library closed' }));
    expect(screen.getByText('On Friday.')).toBeInTheDocument();
    expect(onToggle).toHaveBeenCalledWith(11, true);
  });

  it('toggles one, marks the selected, and marks all', async () => {
    const { onToggle, onMarkSeveral, onMarkAll } = renderList();
    const [, second] = screen.getAllByRole('listitem');
    await userEvent.click(
      within(second as HTMLElement).getByRole('button', { name: 'Mark unread' }),
    );
    expect(onToggle).toHaveBeenCalledWith(12, false);
    const markSelected = screen.getByRole('button', { name: /Mark selected read/ });
    expect(markSelected).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select: Library closed' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select: Exam room' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark selected read (2)' }));
    expect(onMarkSeveral).toHaveBeenCalledWith([11, 12]);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(onMarkAll).toHaveBeenCalled();
  });

  it('opens the announcement the address points to, and marks it read', () => {
    const { onToggle } = renderList(11);
    expect(screen.getByText('On Friday.')).toBeInTheDocument();
    expect(onToggle).toHaveBeenCalledWith(11, true);
  });
});
