import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ModalForm } from './modal-form';

describe('ModalForm', () => {
  it('submits itself only, not a form around it, and leaves checks to the app', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <div onSubmit={outer}>
        <ModalForm onSubmit={inner} aria-label="New class">
          <button type="submit">Save</button>
        </ModalForm>
      </div>,
    );
    const form = screen.getByRole('form', { name: 'New class' });
    expect(form).toHaveAttribute('novalidate');
    const submitted = fireEvent.submit(form);
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
    expect(submitted).toBe(false);
  });
});
