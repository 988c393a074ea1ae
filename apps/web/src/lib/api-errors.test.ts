import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, NETWORK_ERROR_KEYS } from '@lantern/contracts/messages';
import { jsonResponse } from '../test/render';
import { configurationError, detailText, errorFromResponse, networkError } from './api-errors';
import { displayError } from './errors';

describe('detailText (spec §8)', () => {
  it('shows a text as is', () => {
    expect(detailText('As is')).toBe('As is');
  });

  it('joins a list with commas, skipping empty parts', () => {
    expect(detailText(['First', '', 'Second', null])).toBe('First, Second');
    expect(detailText([])).toBeNull();
  });

  it('shows an object as code: message', () => {
    expect(detailText({ code: 'E42', message: 'Broken' })).toBe('E42: Broken');
    expect(detailText({ name: 'Too long', email: ['Invalid', 'Taken'] })).toBe(
      'name: Too long, email: Invalid, Taken',
    );
  });

  it('has no text for nothing', () => {
    expect(detailText(null)).toBeNull();
    expect(detailText(undefined)).toBeNull();
    expect(detailText({})).toBeNull();
  });
});

describe('errorFromResponse', () => {
  it('keeps detail, code, fields, missing right and retry time', async () => {
    const error = await errorFromResponse(
      jsonResponse(
        {
          detail: 'Missing right',
          code: 'MISSING_RIGHT',
          missingRight: 'MAIL_LOG__DISPLAY',
          fields: { q: 'Too long', tags: ['One', 'Two'] },
          retryAfterSeconds: 30,
        },
        403,
      ),
    );
    expect(error.kind).toBe('response');
    expect(error.status).toBe(403);
    expect(error.message).toBe('Missing right');
    expect(error.code).toBe('MISSING_RIGHT');
    expect(error.missingRight).toBe('MAIL_LOG__DISPLAY');
    expect(error.fields).toEqual({ q: 'Too long', tags: 'One, Two' });
    expect(error.retryAfterSeconds).toBe(30);
  });

  it('drops a code the contract does not know', async () => {
    const error = await errorFromResponse(jsonResponse({ detail: 'Odd', code: 'SOMETHING' }, 400));
    expect(error.message).toBe('Odd');
    expect(error.code).toBeNull();
  });

  it('makes a response without a readable detail a configuration error', async () => {
    const html = await errorFromResponse(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(html.kind).toBe('configuration');
    expect(html.status).toBe(502);
    expect(html.message).toBe(NETWORK_ERROR_KEYS.configurationError);
    const noDetail = await errorFromResponse(jsonResponse({ code: 'INTERNAL' }, 500));
    expect(noDetail.kind).toBe('configuration');
  });
});

describe('network keys', () => {
  it('gives the server-error key for no response and the configuration key otherwise', () => {
    expect(networkError().message).toBe(NETWORK_ERROR_KEYS.serverError);
    expect(displayError(networkError())).toBe(ERROR_TEXTS.serverError);
    expect(configurationError(200).message).toBe(NETWORK_ERROR_KEYS.configurationError);
    expect(displayError(configurationError())).toBe(ERROR_TEXTS.configurationError);
  });
});
