import type { ComponentProps } from 'react';

type FormProps = ComponentProps<'form'>;
type FormSubmitEvent = Parameters<NonNullable<FormProps['onSubmit']>>[0];

type ModalFormProps = Omit<FormProps, 'onSubmit' | 'noValidate'> & {
  onSubmit: (event: FormSubmitEvent) => unknown;
};

/** A form in a modal, checked by the app rather than the browser. React passes events up through
 * portals: its submit must not reach a form around the modal (the programme form, a section's). */
export function ModalForm({ onSubmit, ...props }: ModalFormProps) {
  return (
    <form
      {...props}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void onSubmit(event);
      }}
    />
  );
}
