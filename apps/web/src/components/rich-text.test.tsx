import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('shows the sanitised HTML the server stored, as markup', () => {
    renderWithProviders(
      <RichText html='<h2>Aims</h2><p>Be <strong>kind</strong>. <a href="/en/home">Home</a></p>' />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Aims' })).toBeInTheDocument();
    expect(screen.getByText('kind').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en/home');
  });

  it('shows nothing for an empty text', () => {
    const { container } = renderWithProviders(<RichText html="  " />);
    expect(container.querySelector('.lantern-rich-text')).toBeNull();
  });
});
