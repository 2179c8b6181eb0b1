import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { TextInput, theme } from 'shared-ui';
import { todayIst } from './period';

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  max-width: 200px;
  @media print {
    display: none;
  }
`;

/** `?asOf=` (default today): the day balances are taken on. */
export function useAsOfParam(): string {
  const [params] = useSearchParams();
  const asOf = params.get('asOf') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? asOf : todayIst();
}

export function AsOfPicker({ label = 'Balances as on' }: { label?: string }) {
  const [params, setParams] = useSearchParams();
  const asOf = useAsOfParam();
  return (
    <Label>
      {label}
      <TextInput
        type="date"
        value={asOf}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (!value) return;
          const url = new URLSearchParams(params);
          url.set('asOf', value);
          setParams(url, { replace: true });
        }}
      />
    </Label>
  );
}
