import { Stack, TextField } from 'shared-ui';
import { toAssignment, type AssignmentValues } from '../deliveries-common/AssignmentFields';
import { toNumber } from '../deliveries-common/form';

/** What both bookings ask about the goods, as typed. */
export interface GoodsValues {
  packages?: string;
  weightKg?: string;
  notes?: string;
  assignment?: AssignmentValues;
}

/** The goods part of a booking body; empty notes and no delivery boy are left out. */
export function goodsBody(values: GoodsValues) {
  const notes = values.notes?.trim();
  const assignment = toAssignment(values.assignment);
  return { packages: toNumber(values.packages), weightKg: toNumber(values.weightKg), ...(notes && { notes }), ...(assignment && { assignment }) };
}

const decimal = (value: string | undefined) => (value ?? '').replace(/[^\d.]/g, '');
const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

/** Packages, weight and notes: printed on the label and read by the delivery boy before he sets out. */
export function GoodsFields() {
  return (
    <Stack gap="sm">
      <Stack direction="row" gap="sm" wrap>
        <TextField name="packages" label="Packages" inputMode="numeric" maxLength={3} parse={digits} hint="Boxes or bags" />
        <TextField name="weightKg" label="Weight (kg)" inputMode="decimal" maxLength={9} parse={decimal} hint="All packages together" />
      </Stack>
      <TextField name="notes" label="Notes (optional)" maxLength={500} placeholder="Fragile: syrups; cold chain" />
    </Stack>
  );
}
