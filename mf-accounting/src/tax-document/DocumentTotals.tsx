import styled from 'styled-components';
import type { DocumentTotals as Totals, SupplyKind } from 'shared-api';
import { DetailList, formatRupees } from 'shared-ui';

const RightAligned = styled(DetailList)`
  align-self: flex-end;
  text-align: right;
`;

interface Props {
  /** The list's accessible name, e.g. "Invoice totals". */
  label: string;
  totals: Totals;
  /** Given: tax split as CGST + SGST or IGST, right-aligned under the lines. Left out: one GST line (counter bills, debit notes). */
  supplyKind?: SupplyKind;
  totalLabel: string;
  amountInWords?: string;
  /** Gross and discount first, when there was a discount. */
  showDiscount?: boolean;
  roundOffLabel?: string;
  /** The total in bold (every document but the credit note). */
  strongTotal?: boolean;
}

/** The totals list under a tax document's lines. */
export function DocumentTotals({ label, totals, supplyKind, totalLabel, amountInWords, showDiscount = false, roundOffLabel = 'Round-off', strongTotal = true }: Props) {
  const List = supplyKind ? RightAligned : DetailList;
  return (
    <List aria-label={label}>
      {showDiscount && totals.discountPaise > 0 && (
        <>
          <dt>Gross</dt>
          <dd>{formatRupees(totals.grossPaise)}</dd>
          <dt>Discount</dt>
          <dd>{formatRupees(-totals.discountPaise)}</dd>
        </>
      )}
      <dt>Taxable value</dt>
      <dd>{formatRupees(totals.taxablePaise)}</dd>
      {supplyKind === undefined ? (
        <>
          <dt>GST</dt>
          <dd>{formatRupees(totals.taxPaise)}</dd>
        </>
      ) : supplyKind === 'INTRA' ? (
        <>
          <dt>CGST</dt>
          <dd>{formatRupees(totals.cgstPaise)}</dd>
          <dt>SGST</dt>
          <dd>{formatRupees(totals.sgstPaise)}</dd>
        </>
      ) : (
        <>
          <dt>IGST</dt>
          <dd>{formatRupees(totals.igstPaise)}</dd>
        </>
      )}
      <dt>{roundOffLabel}</dt>
      <dd>{formatRupees(totals.roundOffPaise)}</dd>
      <dt>{totalLabel}</dt>
      <dd>{strongTotal ? <strong>{formatRupees(totals.totalPaise)}</strong> : formatRupees(totals.totalPaise)}</dd>
      {amountInWords !== undefined && (
        <>
          <dt>In words</dt>
          <dd>{amountInWords}</dd>
        </>
      )}
    </List>
  );
}
