import { useState } from 'react';
import { PROFILE_PATHS, type Warehouse } from 'shared-api';
import { api, useWarehouses } from 'shared-auth';
import { Button, Card, Form, FormError, Modal, Stack, TextField, composeValidators, required, theme, toSubmitErrors, toast, validatePincode, type Validator } from 'shared-ui';

interface Values {
  displayName?: string;
  addressLine?: string;
  pincode?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
}

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
const toNumber = (value: string | undefined) => (value === undefined || value === '' ? undefined : Number(value));
const coordinate = (min: number, max: number): Validator => (v) =>
  v === undefined || v === '' || (Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max) ? undefined : 'Enter a location in India';

/** SPEC.md §3 warehouse: add and edit (name, address, coordinates, market/city); the header switcher sets the active one. */
export function WarehousesCard({ owner }: { owner: boolean }) {
  const { data, mutate } = useWarehouses();
  const [editing, setEditing] = useState<Warehouse | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;

  return (
    <Card
      title="Warehouses"
      actions={
        owner && (
          <Button type="button" size="sm" onClick={() => setEditing('new')}>
            Add warehouse
          </Button>
        )
      }
    >
      <ul style={{ margin: 0, paddingLeft: theme.space.lg }}>
        {(data ?? []).map((w) => (
          <li key={w.id}>
            <strong>{w.displayName}</strong> · {w.market.name}
            {w.addressLine ? ` · ${w.addressLine}` : ''}
            {w.pincode ? ` ${w.pincode}` : ''}
            {w.isActive ? ' · active' : ''}{' '}
            {owner && (
              <Button type="button" variant="secondary" size="sm" onClick={() => setEditing(w)} aria-label={`Edit ${w.displayName}`}>
                Edit
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Modal open={editing !== null} title={current ? `Edit ${current.displayName}` : 'Add warehouse'} onClose={() => setEditing(null)}>
        <Form<Values>
          initialValues={
            current
              ? { displayName: current.displayName, addressLine: current.addressLine ?? '', pincode: current.pincode ?? '', city: current.market.name, latitude: current.latitude ?? undefined, longitude: current.longitude ?? undefined }
              : {}
          }
          onSubmit={async (values) => {
            const payload = { ...values, latitude: values.latitude ?? null, longitude: values.longitude ?? null };
            try {
              const list = await api.post<Warehouse[]>(current ? PROFILE_PATHS.editWarehouse(current.id) : PROFILE_PATHS.addWarehouse, payload);
              await mutate(list, { revalidate: false });
              toast.success({ title: current ? 'Warehouse saved' : 'Warehouse added' });
              setEditing(null);
              return undefined;
            } catch (error) {
              return toSubmitErrors(error);
            }
          }}
          render={({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Warehouse">
              <Stack gap="md">
                <TextField name="displayName" label="Name" validate={required('Name is required')} />
                <TextField name="addressLine" label="Address" validate={required('Address is required')} />
                <TextField name="pincode" label="Pincode" inputMode="numeric" maxLength={6} parse={digits} validate={validatePincode} />
                <TextField name="city" label="Market/city" validate={required('Market/city is required')} />
                <TextField name="latitude" label="Latitude" inputMode="decimal" parse={toNumber} validate={composeValidators(coordinate(6, 38))} />
                <TextField name="longitude" label="Longitude" inputMode="decimal" parse={toNumber} validate={composeValidators(coordinate(68, 98))} />
                <FormError />
                <div>
                  <Button type="submit" loading={submitting}>
                    {current ? 'Save' : 'Add'}
                  </Button>
                </div>
              </Stack>
            </form>
          )}
        />
      </Modal>
    </Card>
  );
}
