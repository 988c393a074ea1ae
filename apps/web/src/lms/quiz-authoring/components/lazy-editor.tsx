import { Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

/* The rich-text editor (Tiptap) loads only when a question form shows one. */
const Editor = lazy(() =>
  import('../../../components/rich-text-editor').then((m) => ({ default: m.RichTextEditorField })),
);

export function LazyEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label={props.label} />}>
      <Editor {...props} />
    </Suspense>
  );
}
