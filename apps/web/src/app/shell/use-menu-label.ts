import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLabelKey, type LabelOf } from './menu-model';

/** Menu labels in the page's language; the server's English stands for any key not known. */
export function useMenuLabel(): LabelOf {
  const { t } = useTranslation();
  return useCallback(
    (node) => {
      const key = menuLabelKey(node);
      return key === null ? node.label : t(key, { defaultValue: node.label });
    },
    [t],
  );
}
