import { useId, type ReactNode } from 'react';
import { type FieldValidator } from 'final-form';
import { useField, type FieldMetaState, type UseFieldConfig } from 'react-final-form';
import { Checkbox, Select, TextInput, type SelectOption, type TextInputProps } from '../inputs/inputs';
import { FieldMessage, FieldShell } from './FieldShell';

/**
 * react-final-form adapters. Errors show once a field is touched (final-form touches every field on submit), and
 * server-side field errors (see toSubmitErrors) show until the user edits the field again.
 */
export function fieldError(meta: FieldMetaState): string | undefined {
  if (meta.touched && meta.error) return String(meta.error);
  if (meta.submitError && !meta.dirtySinceLastSubmit) return String(meta.submitError);
  return undefined;
}

interface CommonFieldProps<V = string> {
  name: string;
  label?: ReactNode;
  hint?: ReactNode;
  /** A shared-ui validator (validateEmail, composeValidators(...)) or any final-form field validator. */
  validate?: FieldValidator<V>;
  /** Converts the typed text before it is stored (e.g. upper-casing a PAN). */
  parse?: UseFieldConfig['parse'];
  format?: UseFieldConfig['format'];
}

function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  if (error) return `${id}-error`;
  return hint !== undefined ? `${id}-hint` : undefined;
}

export type TextFieldProps = CommonFieldProps &
  Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'invalid'>;

export function TextField({ name, label, hint, validate, parse, format, type = 'text', id: givenId, ...rest }: TextFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const { input, meta } = useField<string>(name, { validate, parse, format, type });
  const error = fieldError(meta);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <TextInput {...rest} {...input} type={type} id={id} invalid={Boolean(error)} aria-describedby={describedBy(id, error, hint)} />
    </FieldShell>
  );
}

export interface SelectFieldProps extends CommonFieldProps {
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

export function SelectField({ name, label, hint, validate, parse, format, options, placeholder, disabled, id: givenId }: SelectFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const { input, meta } = useField<string>(name, { validate, parse, format });
  const error = fieldError(meta);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <Select
        {...input}
        value={input.value ?? ''}
        id={id}
        options={options}
        placeholder={placeholder}
        disabled={disabled}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
      />
    </FieldShell>
  );
}

export interface CheckboxFieldProps extends Omit<CommonFieldProps<boolean>, 'label' | 'parse' | 'format'> {
  /** The text beside the box ("I accept the terms and conditions"). */
  label: ReactNode;
  disabled?: boolean;
  id?: string;
}

export function CheckboxField({ name, label, hint, validate, disabled, id: givenId }: CheckboxFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const { input, meta } = useField<boolean>(name, { validate, type: 'checkbox' });
  // A checkbox field's state is `checked`; its raw boolean value must not reach the DOM `value` attribute.
  const { value: _value, ...checkboxInput } = input;
  const error = fieldError(meta);
  return (
    <div>
      <Checkbox
        {...checkboxInput}
        id={id}
        label={label}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
      <FieldMessage id={id} hint={hint} error={error} />
    </div>
  );
}
