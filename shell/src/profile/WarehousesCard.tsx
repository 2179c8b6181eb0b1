import { useState } from 'react';
import { PROFILE_PATHS, type Warehouse } from 'shared-api';
import { api, useWarehouses } from 'shared-auth';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Form,
  FormError,
  Modal,
  Stack,
  TextField,
  composeValidators,
  formatDate,
  required,
  theme,
  toSubmitErrors,
  toast,
  validatePincode,
  type Validator,
} from 'shared-ui';
import { isClosed, setWarehouseClosure, todayIst } from './profile-api';

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

interface ClosureValues {
  closedUntil?: string;
  note?: string;
}

const notBefore =
  (day: string): Validator =>
  (v) =>
    typeof v === 'string' && v !== '' && v < day ? 'Pick today or a later day' : undefined;
const atMost200: Validator = (v) => (typeof v === 'string' && v.trim().length > 200 ? 'At most 200 characters' : undefined);

/** Closed until a day with a note: the unit's connected buyers get a STORE_CLOSED notification (once per closing). */
function ClosureDialog({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  const { mutate } = useWarehouses();
  const today = todayIst();
  const closed = isClosed(warehouse, today);
  return (
    <Modal open title={`Close ${warehouse.displayName}`} onClose={onClose}>
      <Form<ClosureValues>
        initialValues={closed ? { closedUntil: warehouse.closedUntil ?? undefined, note: warehouse.closedNote ?? '' } : { closedUntil: today }}
        onSubmit={async (values) => {
          try {
            const list = await setWarehouseClosure(warehouse.id, { closedUntil: values.closedUntil ?? null, note: values.note?.trim() ?? '' });
            await mutate(list, { revalidate: false });
            toast.success({ title: `${warehouse.displayName} closed until ${formatDate(values.closedUntil ?? today, 'medium')}`, message: 'Your connected buyers are told.' });
            onClose();
            return undefined;
          } catch (error) {
            return toSubmitErrors(error);
          }
        }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Close warehouse">
            <Stack gap="md">
              <TextField name="closedUntil" label="Closed until (inclusive)" type="date" min={today} validate={composeValidators(required('Choose the last closed day'), notBefore(today))} />
              <TextField name="note" label="Note for your buyers" placeholder="e.g. Closed for Diwali" maxLength={200} validate={composeValidators(required('Tell your buyers why'), atMost200)} />
              <FormError />
              <div>
                <Button type="submit" loading={submitting}>
                  {closed ? 'Save' : 'Close warehouse'}
                </Button>
              </div>
            </Stack>
          </form>
        )}
      />
    </Modal>
  );
}

/** SPEC.md §3 warehouse: add and edit (name, address, coordinates, market/city); the header switcher sets the active one. */
export function WarehousesCard({ owner }: { owner: boolean }) {
  const { data, mutate } = useWarehouses();
  const [editing, setEditing] = useState<Warehouse | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const [closing, setClosing] = useState<Warehouse | null>(null);
  const [reopening, setReopening] = useState<Warehouse | null>(null);
  const today = todayIst();

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
            {isClosed(w, today) && (
              <>
                <Badge tone="warning">Closed until {formatDate(w.closedUntil!, 'medium')}</Badge>
                {w.closedNote ? ` ${w.closedNote} ` : ' '}
              </>
            )}
            {owner && (
              <Button type="button" variant="secondary" size="sm" onClick={() => setEditing(w)} aria-label={`Edit ${w.displayName}`}>
                Edit
              </Button>
            )}{' '}
            {owner && (
              <Button type="button" variant="secondary" size="sm" onClick={() => setClosing(w)} aria-label={`${isClosed(w, today) ? 'Change closure of' : 'Close'} ${w.displayName}`}>
                {isClosed(w, today) ? 'Change closure' : 'Close'}
              </Button>
            )}{' '}
            {owner && isClosed(w, today) && (
              <Button type="button" variant="secondary" size="sm" onClick={() => setReopening(w)} aria-label={`Open ${w.displayName} again`}>
                Open again
              </Button>
            )}
          </li>
        ))}
      </ul>
      {closing && <ClosureDialog warehouse={closing} onClose={() => setClosing(null)} />}
      <ConfirmDialog
        open={reopening !== null}
        title={`Open ${reopening?.displayName ?? ''} again?`}
        message="Buyers can order from it again at once."
        confirmLabel="Open again"
        onCancel={() => setReopening(null)}
        onConfirm={async () => {
          if (!reopening) return;
          await mutate(await setWarehouseClosure(reopening.id, { closedUntil: null }), { revalidate: false });
          toast.success({ title: `${reopening.displayName} is open again` });
          setReopening(null);
        }}
      />
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
