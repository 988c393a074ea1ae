import { Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

/* The editor and Tiptap load only when an authoring form shows one (decision 0019). */
const Editor = lazy(() =>
  import('../../../components/rich-text-editor').then((m) => ({ default: m.RichTextEditorField })),
);

export function LazyRichTextEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label={props.label} />}>
      <Editor {...props} />
    </Suspense>
  );
}
