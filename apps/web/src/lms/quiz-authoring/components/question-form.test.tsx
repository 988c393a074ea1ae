import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { QuestionInput } from '@lantern/contracts/quiz';
import { ApiError } from '../../../lib/api-errors';
import { renderWithProviders } from '../../../test/render';
import { newQuestion, QuestionForm } from './question-form';
import { DEFAULT_QUIZ, quizErrors } from './quiz-form';

// The rich-text editor (Tiptap) is the shared component's own business: a plain field here.
vi.mock('./lazy-editor', () => ({
  LazyEditor: ({
    label,
    value,
    onChange,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
  }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  ),
}));

function form(initial: QuestionInput, serverError: unknown = null) {
  const onSubmit = vi.fn<(value: QuestionInput) => void>();
  renderWithProviders(
    <QuestionForm
      initial={initial}
      saving={false}
      serverError={serverError}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return onSubmit;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
const field = (name: string) => screen.getByRole('textbox', { name });

describe('the question form (decision 0020 §3.2)', () => {
  it('refuses an empty single-choice question at each field, and sends nothing', () => {
    const onSubmit = form(newQuestion('single'));
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    const title = field('Title (for lists)');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title.closest('.mantine-InputWrapper-root')).toHaveTextContent(
      'This field must be filled',
    );
    expect(field('Choice 1').closest('.mantine-InputWrapper-root')).toHaveTextContent(
      'This field must be filled',
    );
  });

  it('says when no choice is worth 100 %, then sends the choices with fractions of 1', () => {
    const onSubmit = form(newQuestion('single'));
    fireEvent.change(field('Title (for lists)'), { target: { value: 'Rent' } });
    fireEvent.change(field('Choice 1'), { target: { value: 'Rent' } });
    fireEvent.change(field('Choice 2'), { target: { value: 'Salary' } });
    fireEvent.change(field('Choice 3'), { target: { value: 'A gift' } });
    const worth = screen.getAllByRole('textbox', { name: /^Worth/ });
    fireEvent.change(worth[0] as HTMLElement, { target: { value: '50' } });
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    const choices = screen.getByRole('group', { name: 'Choices' });
    expect(within(choices).getByRole('alert')).toHaveTextContent('One choice must be worth 100 %.');
    fireEvent.change(worth[0] as HTMLElement, { target: { value: '100' } });
    save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      kind: 'single',
      title: 'Rent',
      data: {
        choices: [
          { text: 'Rent', fraction: 1 },
          { text: 'Salary', fraction: 0 },
          { text: 'A gift', fraction: 0 },
        ],
      },
    });
  });

  it('shows the server’s refusals at their fields', () => {
    form(
      { ...newQuestion('numeric'), title: 'Twelve' },
      new ApiError({
        kind: 'response',
        status: 400,
        message: 'Some fields need a change.',
        fields: { 'data.answers.0.tolerance': 'At least 0.' },
      }),
    );
    expect(field('Give or take').closest('.mantine-InputWrapper-root')).toHaveTextContent(
      'At least 0.',
    );
  });

  it('an essay takes its limits; the most words must be at least the fewest', () => {
    const onSubmit = form({ ...newQuestion('essay'), title: 'Budget' });
    fireEvent.change(field('Fewest words'), { target: { value: '200' } });
    fireEvent.change(field('Most words'), { target: { value: '100' } });
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('Most words').closest('.mantine-InputWrapper-root')).toHaveTextContent(
      'The most words must be at least the fewest.',
    );
  });
});

describe('the quiz part of the item form', () => {
  it('refuses a quiz without questions and one allowed offline with a time limit', () => {
    const errors = quizErrors(
      {
        ...DEFAULT_QUIZ,
        session: { ...DEFAULT_QUIZ.session, timeLimitMinutes: 30, allowedOffline: true },
      },
      true,
    );
    expect(errors['settings.slots']).toBe('At least 1 question must be added');
    expect(errors['session.allowedOffline']).toBe(
      'A quiz with a time limit cannot be allowed offline.',
    );
    // An edit has no session to check: it is edited on the sessions page.
    expect(quizErrors(DEFAULT_QUIZ, false)['session.allowedOffline']).toBeUndefined();
  });
});
