import { type ComponentProps, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '../theme';

const controlStyles = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: 38px;
  padding: ${theme.space.sm} ${theme.space.md};
  font-size: ${theme.fontSizes.md};
  color: ${theme.colors.text};
  background: ${theme.colors.surface};
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.md};
  transition: border-color 120ms ease;

  &:hover:not(:disabled) {
    border-color: ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  }
  &:focus {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 1px;
    border-color: ${theme.colors.primary};
  }
  &:disabled {
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.textMuted};
  }
`;

const StyledInput = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
`;
const StyledSelect = styled.select<{ $invalid: boolean }>`
  ${controlStyles}
  appearance: auto;
`;

export interface TextInputProps extends ComponentProps<'input'> {
  /** Red border and aria-invalid. */
  invalid?: boolean;
}

export function TextInput({ invalid = false, ...rest }: TextInputProps) {
  return <StyledInput aria-invalid={invalid || undefined} {...rest} $invalid={invalid} />;
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** Options with a group are shown under it (an <optgroup>), groups in the order they first appear. */
  group?: string;
}

const optionOf = (o: SelectOption) => (
  <option key={o.value} value={o.value} disabled={o.disabled}>
    {o.label}
  </option>
);

/** Ungrouped options first, then one <optgroup> per group name. */
function renderOptions(options: readonly SelectOption[]) {
  const groups = new Map<string, SelectOption[]>();
  const loose: SelectOption[] = [];
  for (const o of options) {
    if (o.group === undefined) loose.push(o);
    else groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  }
  return (
    <>
      {loose.map(optionOf)}
      {[...groups].map(([group, items]) => (
        <optgroup key={group} label={group}>
          {items.map(optionOf)}
        </optgroup>
      ))}
    </>
  );
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  options: readonly SelectOption[];
  /** First, empty choice ("Select…"); the value is "" while it is chosen. */
  placeholder?: string;
  invalid?: boolean;
}

export function Select({ options, placeholder, invalid = false, ...rest }: SelectProps) {
  return (
    <StyledSelect aria-invalid={invalid || undefined} {...rest} $invalid={invalid}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {renderOptions(options)}
    </StyledSelect>
  );
}

const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: flex-start;
  gap: ${theme.space.sm};
  cursor: pointer;
  color: ${theme.colors.text};

  input {
    margin: 3px 0 0;
    width: 16px;
    height: 16px;
    accent-color: ${theme.colors.primary};
  }
`;

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
}

/** A checkbox with its label; clicking the text toggles it. */
export function Checkbox({ label, ...rest }: CheckboxProps) {
  return (
    <CheckboxLabel>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </CheckboxLabel>
  );
}
