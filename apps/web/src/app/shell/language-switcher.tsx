import { useTranslation } from 'react-i18next';
import { SWITCHER_LANGUAGES } from '@lantern/contracts/constants';
import { languageSchema, type Language } from '@lantern/contracts/current-user';
import { displayError } from '../../lib/errors';
import { notifyFailure, outcomeTexts } from '../../lib/notify';
import { useUpdateLocale } from './api/update-locale';

/**
 * The lms language switcher (spec §2: en, es, ar): the person's choice, kept on the server so a
 * shared phone shows each person their own. The shell applies it (texts, direction, dates).
 * A plain select styled like Mantine's extra-small NativeSelect (shell.css): that component
 * would bring Mantine's input, combobox and close-button code into every lms page.
 */
export function LanguageSwitcher({ language }: { language: Language }) {
  const { t } = useTranslation();
  const update = useUpdateLocale();
  return (
    <select
      className="language-select"
      aria-label={t('shell.language.label')}
      value={language}
      onChange={(event) => {
        const parsed = languageSchema.safeParse(event.currentTarget.value);
        if (!parsed.success) return;
        update.mutate(
          { locale: parsed.data },
          {
            onError: (error) => {
              notifyFailure(
                'language',
                displayError(error),
                outcomeTexts('', t('shell.language.saveFailed')),
              );
            },
          },
        );
      }}
    >
      {SWITCHER_LANGUAGES.map((value) => (
        <option key={value} value={value}>
          {t(`shell.language.${value}`)}
        </option>
      ))}
    </select>
  );
}
