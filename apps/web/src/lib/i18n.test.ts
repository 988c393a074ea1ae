import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { applyLanguage, i18n } from './i18n';

afterEach(async () => {
  await applyLanguage('en');
});

describe('applyLanguage', () => {
  it("sets the page's language, direction and the date pickers' dayjs locale", async () => {
    await applyLanguage('ar');
    expect(i18n.language).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(dayjs.locale()).toBe('ar');

    await applyLanguage('es');
    expect(dayjs.locale()).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('sets English back, for dayjs too', async () => {
    await applyLanguage('es');
    await applyLanguage('en');
    expect(i18n.language).toBe('en');
    expect(dayjs.locale()).toBe('en');
  });

  it('leaves dayjs in English for a language it has no locale for', async () => {
    await applyLanguage('qps');
    expect(i18n.language).toBe('qps');
    expect(dayjs.locale()).toBe('en');
  });
});
