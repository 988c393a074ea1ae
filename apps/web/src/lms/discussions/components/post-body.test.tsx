import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { PostBody } from './post-body';

describe('a post body', () => {
  it('shows plain text with its line breaks and makes addresses safe links', () => {
    render(
      <MantineProvider>
        <PostBody text={'See https://example.org/a?b=1, then\n<b>not bold</b> www.x'} />
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: 'https://example.org/a?b=1' });
    expect(link).toHaveAttribute('href', 'https://example.org/a?b=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Markup in a post is text, never HTML.
    expect(screen.getByText(/<b>not bold<\/b>/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
