import { describe, expect, it } from 'vitest';
import { choicesToSend, initialChoices } from './merge-form';

const field = (
  key: 'firstName' | 'email' | 'phone',
  kept: string | null,
  removed: string | null,
) => ({
  key,
  label: key,
  kept,
  removed,
});

describe('merge field choices', () => {
  it('keeps the kept value, takes the removed one where the kept is empty, and skips equal ones', () => {
    expect(
      initialChoices({
        fields: [
          field('firstName', 'Amal', 'AMAL'),
          field('email', null, 'a@x.org'),
          field('phone', '1', '1'),
        ],
      }),
    ).toEqual({ firstName: 'kept', email: 'removed' });
  });

  it('sends only the fields where the removed value wins', () => {
    expect(choicesToSend({ firstName: 'kept', email: 'removed' })).toEqual({ email: 'removed' });
  });
});
