import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { VideoEmbed } from './video-embed';

describe('VideoEmbed', () => {
  it('loads the player only when tapped, sandboxed', async () => {
    const { container } = renderWithProviders(
      <VideoEmbed url="https://www.youtube-nocookie.com/embed/abc123" title="A talk" />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button')).toHaveTextContent('Play the video: A talk');
    await userEvent.click(screen.getByRole('button'));
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123?autoplay=1',
    );
    expect(frame?.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-presentation',
    );
    expect(frame).toHaveAttribute('title', 'A talk');
  });
});
