import styled from 'styled-components';
import type { OfflineGoods } from 'shared-api';
import { CheckboxField, SelectField, Stack, TextField, parseRupees, theme, useField } from 'shared-ui';

/*
 * The goods of an offline pickup as the unit's own document describes them (issue 34): what an e-way bill's Part A
 * needs when no order or invoice on the platform does. Optional: without it the consignment has no goods value.
 */

/** As typed. Named like the body's paths (`goods.valuePaise`), so the contract's and the API's messages land on them. */
export interface OfflineGoodsValues {
  withGoods?: boolean;
  goods?: {
    documentType?: OfflineGoods['documentType'];
    documentNumber?: string;
    documentDate?: string;
    /** Rupees as typed ("1,20,000"); sent as paise. */
    valuePaise?: string;
    hsn?: string;
    partyGstin?: string;
  };
}

const DOCUMENT_TYPES: { value: OfflineGoods['documentType']; label: string }[] = [
  { value: 'INV', label: 'Invoice' },
  { value: 'CHL', label: 'Delivery challan' },
  { value: 'BIL', label: 'Bill of supply' },
];
export const AMOUNT_MESSAGE = 'Enter an amount like 1,20,000.00';

/** The body's `goods`: left out unless declared; the value read digit by digit into paise (NaN, refused, when unreadable). */
export function offlineGoodsBody(values: OfflineGoodsValues): { goods?: OfflineGoods } {
  if (!values.withGoods) return {};
  const g = values.goods ?? {};
  const gstin = g.partyGstin?.trim().toUpperCase();
  return {
    goods: {
      documentType: g.documentType ?? 'INV',
      documentNumber: g.documentNumber?.trim() ?? '',
      documentDate: g.documentDate ?? '',
      valuePaise: parseRupees(g.valuePaise ?? '') ?? Number.NaN,
      hsn: g.hsn?.trim() ?? '',
      ...(gstin && { partyGstin: gstin }),
    },
  };
}

/** An unreadable amount said as an amount, not as "Enter a number". */
export function offlineGoodsErrors(values: OfflineGoodsValues, errors: Record<string, unknown>): Record<string, unknown> {
  const goods = errors.goods as Record<string, unknown> | undefined;
  if (!values.withGoods || !goods?.valuePaise) return errors;
  return { ...errors, goods: { ...goods, valuePaise: values.goods?.valuePaise?.trim() ? AMOUNT_MESSAGE : 'Enter the value of the goods' } };
}

const Fieldset = styled.fieldset`
  margin: 0;
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  min-width: 0;
`;
const Legend = styled.legend`
  padding: 0 ${theme.space.xs};
  font-weight: ${theme.fontWeights.bold};
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${theme.space.sm};
  align-items: start;
`;
const amount = (value: string | undefined) => (value ?? '').replace(/[^\d.,]/g, '');
const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
const upper = (value: string | undefined) => (value ?? '').toUpperCase();

export function OfflineGoodsFields() {
  const declared = useField<boolean>('withGoods', { type: 'checkbox', subscription: { value: true } }).input.checked;
  return (
    <Fieldset>
      <Legend>Goods (for the e-way bill)</Legend>
      <Stack gap="sm">
        <CheckboxField
          name="withGoods"
          label="Declare the goods from your invoice or challan"
          hint="Goods worth more than ₹50,000 (or your state's limit inside it) cannot move without an e-way bill; it is made from these."
        />
        {declared && (
          <Grid>
            <SelectField name="goods.documentType" label="Document type" options={DOCUMENT_TYPES} />
            <TextField name="goods.documentNumber" label="Document number" maxLength={16} autoComplete="off" />
            <TextField name="goods.documentDate" label="Document date" type="date" />
            <TextField name="goods.valuePaise" label="Value (₹)" inputMode="decimal" maxLength={16} parse={amount} placeholder="1,20,000.00" />
            <TextField name="goods.hsn" label="HSN" inputMode="numeric" maxLength={8} parse={digits} hint="4, 6 or 8 digits" />
            <TextField name="goods.partyGstin" label="Their GSTIN (optional)" maxLength={15} autoComplete="off" parse={upper} />
          </Grid>
        )}
      </Stack>
    </Fieldset>
  );
}
