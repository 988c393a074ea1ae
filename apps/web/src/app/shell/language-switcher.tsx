import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SWITCHER_LANGUAGES } from '@lantern/contracts/constants';
import { setLocale } from '../../lib/app-store';
import { changeLanguage } from '../../lib/i18n';

const LABELS: Record<(typeof SWITCHER_LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  ar: 'العربية',
};

/** Shown in lms mode only (spec §2); Arabic turns the page right-to-left. */
export function LanguageSwitcher() {
  const { i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label="Language"
      size="xs"
      value={i18n.language}
      data={SWITCHER_LANGUAGES.map((language) => ({ value: language, label: LABELS[language] }))}
      onChange={(event) => {
        const language = event.currentTarget.value;
        setLocale(language);
        void changeLanguage(language);
      }}
    />
  );
}
