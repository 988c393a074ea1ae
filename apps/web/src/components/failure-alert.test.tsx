import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { ApiError } from '../lib/api-errors';
import { renderWithProviders } from '../test/render';
import { ErrorAlert, FailureAlert } from './failure-alert';

describe('FailureAlert and ErrorAlert', () => {
  it('show nothing while nothing went wrong', () => {
    renderWithProviders(
      <>
        <FailureAlert text={null} />
        <FailureAlert text="" />
        <ErrorAlert error={null} />
      </>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('say what went wrong: the text, or a request error as the server put it', () => {
    renderWithProviders(
      <>
        <FailureAlert text="The class is not empty" />
        <ErrorAlert error={new ApiError({ kind: 'response', message: 'Not found', status: 404 })} />
        <ErrorAlert error={new Error('boom')} />
      </>,
    );
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'The class is not empty',
      'Not found',
      ERROR_TEXTS.configurationError,
    ]);
  });
});
