import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ItemDetail } from '@lantern/contracts/learning-content';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { DateTimeField } from '../../../components/date-time-field';
import { initialItemForm, type ItemFormState } from '../item-form';

/** The item form's state, its setters, and its two plain fields: a text and a moment. */
export function useItemForm(kind: ItemKind, item: ItemDetail | null) {
  const [form, setForm] = useState<ItemFormState>(() => initialItemForm(kind, item));
  const set = <K extends keyof ItemFormState>(key: K, value: ItemFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
  };
  const text = (
    key: Exclude<keyof ItemFormState, 'quiz'>,
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextInput
      label={label}
      value={String(form[key] ?? '')}
      onChange={(e) => {
        set(key, e.currentTarget.value as never);
      }}
      {...extra}
    />
  );
  const moment = (
    key: 'visibleFrom' | 'dueAt' | 'lateUntil',
    label: string,
    extra: { description?: string; defaultTime?: string } = {},
  ) => (
    <DateTimeField
      label={label}
      value={form[key]}
      onChange={(v) => {
        set(key, v);
      }}
      {...extra}
    />
  );
  return { form, setForm, set, text, moment };
}

/** What the item form's parts get to read and change the form. */
export type ItemFormControls = ReturnType<typeof useItemForm>;
