import { useEffect, useRef } from 'react';
import type { Assignment, DeliveryBoy } from 'shared-api';
import { SelectField, Stack, TextField, useField, useForm } from 'shared-ui';
import { useDeliveryBoys } from './deliveries-api';

/** The form's text values of an assignment (empty when nobody is chosen). */
export interface AssignmentValues {
  deliveryBoyUserId?: string;
  vehicleNumber?: string;
}

/** The body's assignment: none when no delivery boy is chosen; the vehicle as typed (the schema upper-cases it). */
export const toAssignment = (values: AssignmentValues | undefined): Assignment | undefined =>
  values?.deliveryBoyUserId ? { deliveryBoyUserId: values.deliveryBoyUserId, vehicleNumber: (values.vehicleNumber ?? '').trim().toUpperCase() } : undefined;

const boyLabel = (b: DeliveryBoy) =>
  `${b.name} · ${b.source === 'SEASON_BOY' ? 'season boy' : 'staff'}${b.activeConsignments > 0 ? ` · ${b.activeConsignments} on hand` : ''}`;
const upper = (value: string | undefined) => (value ?? '').toUpperCase();

/**
 * Delivery boy and vehicle, under `name` (`assignment`). Choosing a season boy fills in his registered vehicle, which
 * stays editable (he may ride another one today). `required` is for the assign dialog; bookings may leave it empty.
 */
export function AssignmentFields({ name = 'assignment', required = false }: { name?: string; required?: boolean }) {
  const { data: boys, error } = useDeliveryBoys();
  const form = useForm();
  const boyField = `${name}.deliveryBoyUserId`;
  const vehicleField = `${name}.vehicleNumber`;
  const chosen = useField<string>(boyField, { subscription: { value: true } }).input.value;
  const previous = useRef(chosen);
  useEffect(() => {
    if (previous.current === chosen) return;
    previous.current = chosen;
    const vehicle = boys?.find((b) => b.userId === chosen)?.vehicleNumber;
    if (vehicle) form.change(vehicleField, vehicle);
  }, [chosen, boys, form, vehicleField]);

  const none = boys?.length === 0;
  return (
    <Stack gap="sm">
      <SelectField
        name={boyField}
        label={required ? 'Delivery boy' : 'Delivery boy (optional)'}
        placeholder={boys ? (required ? 'Choose a delivery boy' : 'Assign later') : 'Loading…'}
        disabled={!boys}
        options={(boys ?? []).map((b) => ({ value: b.userId, label: boyLabel(b) }))}
        hint={
          error
            ? `The delivery boys could not be loaded: ${error.message}`
            : none
              ? 'Nobody to assign yet: connect a season boy, or mark an employee as delivery staff.'
              : undefined
        }
      />
      {(required || chosen) && <TextField name={vehicleField} label="Vehicle number" placeholder="MH12AB1234" autoComplete="off" maxLength={13} parse={upper} />}
    </Stack>
  );
}
