import styled from 'styled-components';
import {
  CancelEwayBill,
  EWB_CANCEL_REASONS,
  EWB_EXTEND_REASONS,
  EWB_VEHICLE_CHANGE_REASONS,
  ExtendEwayBill,
  GenerateEwayBill,
  TRANSPORT_MODES,
  TRANSPORT_MODE_LABELS,
  UpdateEwayBillVehicle,
  type ConsignmentDetail,
  type EwayBill,
  type TransportMode,
} from 'shared-api';
import { Button, Form, FormError, SelectField, Stack, TextField, formatDateTime, theme, toSubmitErrors, toast } from 'shared-ui';
import { cancelEwayBill, extendEwayBill, generateEwayBill, updateEwayBillVehicle } from './deliveries-api';
import { schemaErrors, toNumber } from './form';

/*
 * The e-way bill's pieces that both the consignment page (the owner) and the delivery boy's card use (issue 34): its
 * number as people read it, the banners before and after it lapses, and the forms of the portal's four operations, each
 * in the project's one form pattern (react-final-form, the contract as validator, toSubmitErrors, FormError).
 */

/** The portal's 12 digits in groups of four, as they are read out over the phone: "3310 0987 6543". */
export const formatEwbNumber = (ewbNumber: string) => (/^\d{12}$/.test(ewbNumber) ? ewbNumber.replace(/(\d{4})(?=\d)/g, '$1 ') : ewbNumber);

export const TRIP_NEEDS_EWB = 'E-way bill needed before the trip: ask the sender to generate it';

/**
 * Why Start trip would be refused (E0023), in the API's order: goods that need an e-way bill leave only with a live
 * one that has its vehicle (Part B) and has not lapsed. Null: nothing on this side stops the trip.
 */
export function tripBlockedBy(c: Pick<ConsignmentDetail, 'ewayBillRequirement' | 'ewayBill'>): string | null {
  if (!c.ewayBillRequirement?.needed) return null;
  const bill = c.ewayBill?.status === 'ACTIVE' ? c.ewayBill : null;
  if (!bill) return TRIP_NEEDS_EWB;
  if (!bill.partB) return 'The e-way bill has no vehicle yet: add it with Change vehicle before the trip';
  if (bill.expired) return 'The e-way bill has lapsed: extend it before the trip';
  return null;
}

export const EwbNumber = styled.strong`
  font-family: ${theme.fonts.mono};
  letter-spacing: 0.04em;
  white-space: nowrap;
`;

const Banner = styled.div<{ $tone: 'warning' | 'danger' }>`
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.warning)};
  border-left-width: 4px;
  border-radius: ${theme.radii.md};
  background: ${({ $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.warningSoft)};
  color: ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.warning)};
  overflow-wrap: anywhere;
`;

/**
 * Within EWB_EXPIRY_WARNING_HOURS (shared-api) of lapsing (the API's `expiresSoon`), a warning; once lapsed (`expired`), an error:
 * the goods may not move on it. Nothing otherwise.
 */
export function EwbValidityBanner({ bill }: { bill: EwayBill }) {
  if (bill.status !== 'ACTIVE' || !bill.validUntil) return null;
  if (bill.expired) {
    return (
      <Banner $tone="danger" role="alert">
        <strong>E-way bill lapsed</strong> at {formatDateTime(bill.validUntil)}: the goods may not move on it until it is extended. The
        portal extends it until 8 hours after it lapsed; after that the goods need a new document (a delivery challan) with its own
        e-way bill.
      </Banner>
    );
  }
  if (bill.expiresSoon) {
    return (
      <Banner $tone="warning" role="status">
        <strong>E-way bill lapses at {formatDateTime(bill.validUntil)}</strong> — extend it before it does.
      </Banner>
    );
  }
  return null;
}

/** Thumb-sized on the delivery boy's card; ordinary in the page's dialogs. */
const FormButton = styled(Button)<{ $big: boolean }>`
  ${({ $big }) => ($big ? 'min-height: 48px; white-space: normal;' : '')}
`;
const Note = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space.sm};
`;

interface FormProps {
  consignment: ConsignmentDetail;
  onDone: () => Promise<unknown>;
  onCancel?: () => void;
  /** The delivery boy's card: big buttons. */
  big?: boolean;
}

const options = <K extends string>(labels: Readonly<Record<K, string>>) => (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
const MODE_OPTIONS = TRANSPORT_MODES.map((m) => ({ value: m, label: TRANSPORT_MODE_LABELS[m] }));
const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
const upper = (value: string | undefined) => (value ?? '').toUpperCase();

async function submitted(call: () => Promise<unknown>, success: { title: string; message?: string }, onDone: () => Promise<unknown>) {
  try {
    await call();
    toast.success(success);
    await onDone();
    return undefined;
  } catch (err) {
    return toSubmitErrors(err);
  }
}

function FormButtons({ big = false, submitting, submit, onCancel, danger = false }: { big?: boolean; submitting?: boolean; submit: string; onCancel?: () => void; danger?: boolean }) {
  return (
    <Buttons>
      {onCancel && (
        <FormButton $big={big} type="button" variant="secondary" onClick={onCancel}>
          Back
        </FormButton>
      )}
      <FormButton $big={big} type="submit" variant={danger ? 'danger' : 'primary'} loading={submitting}>
        {submit}
      </FormButton>
    </Buttons>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Generate (owner)

interface GenerateValues {
  distanceKm?: string;
  mode?: TransportMode;
}
const toGenerate = (v: GenerateValues): GenerateEwayBill => ({ distanceKm: toNumber(v.distanceKm), mode: v.mode ?? 'ROAD' });

/** Part A from the consignment's documents; the distance starts at the PIN-to-PIN estimate and may be corrected. */
export function GenerateEwayBillForm({ consignment: c, onDone, onCancel, big }: FormProps) {
  const estimate = c.ewayBillRequirement?.estimatedDistanceKm;
  return (
    <Form<GenerateValues>
      onSubmit={(v) =>
        submitted(() => generateEwayBill(c.id, toGenerate(v)), { title: 'E-way bill generated', message: `For ${c.barcodeId}.` }, onDone)
      }
      initialValues={{ distanceKm: estimate === undefined ? '' : String(estimate), mode: 'ROAD' }}
      validate={(v) => schemaErrors(GenerateEwayBill, toGenerate(v))}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Generate e-way bill">
          <Stack gap="sm">
            <TextField
              name="distanceKm"
              label="Distance (km)"
              inputMode="numeric"
              maxLength={4}
              parse={digits}
              hint={estimate === undefined ? 'Road distance from the pickup PIN to the drop PIN' : `Estimated ${estimate} km by road from PIN ${c.from.pincode ?? '—'} to ${c.to.pincode ?? '—'}; correct it if the road is longer`}
            />
            <SelectField name="mode" label="Mode of transport" options={MODE_OPTIONS} />
            <Note>
              {c.vehicleNumber
                ? `Part B: vehicle ${c.vehicleNumber}, the delivery boy's. Validity starts with it.`
                : 'Part B (the vehicle) is added when a delivery boy is assigned; validity starts then.'}
            </Note>
            <FormError />
            <FormButtons big={big} submitting={submitting} submit="Generate e-way bill" onCancel={onCancel} />
          </Stack>
        </form>
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Part B (owner or delivery boy)

interface VehicleValues {
  vehicleNumber?: string;
  mode?: TransportMode;
  reasonCode?: string;
  remark?: string;
}
const toVehicle = (v: VehicleValues): UpdateEwayBillVehicle => ({
  vehicleNumber: (v.vehicleNumber ?? '').trim().toUpperCase(),
  mode: v.mode ?? 'ROAD',
  reasonCode: (v.reasonCode ?? '') as UpdateEwayBillVehicle['reasonCode'],
  remark: v.remark?.trim() ?? '',
});

/** The vehicle now carrying it: the consignment's own when it differs from Part B's, else typed in. */
export function VehicleForm({ consignment: c, onDone, onCancel, big }: FormProps) {
  const partB = c.ewayBill?.partB ?? null;
  const initial: VehicleValues = {
    vehicleNumber: c.vehicleNumber && c.vehicleNumber !== partB?.vehicleNumber ? c.vehicleNumber : '',
    mode: partB?.mode ?? 'ROAD',
    // The portal's "first time" when Part B was never given.
    reasonCode: partB ? '' : '4',
  };
  return (
    <Form<VehicleValues>
      onSubmit={(v) =>
        submitted(() => updateEwayBillVehicle(c.id, toVehicle(v)), { title: 'Vehicle changed', message: `The e-way bill of ${c.barcodeId} now names ${toVehicle(v).vehicleNumber}.` }, onDone)
      }
      initialValues={initial}
      validate={(v) => schemaErrors(UpdateEwayBillVehicle, toVehicle(v))}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Change vehicle">
          <Stack gap="sm">
            <TextField name="vehicleNumber" label="Vehicle number" placeholder="MH12AB1234" autoComplete="off" maxLength={13} parse={upper} />
            <SelectField name="mode" label="Mode of transport" options={MODE_OPTIONS} />
            <SelectField name="reasonCode" label="Why it changes" placeholder="Choose a reason" options={options(EWB_VEHICLE_CHANGE_REASONS)} />
            <TextField name="remark" label="Remark (optional)" maxLength={50} />
            <FormError />
            <FormButtons big={big} submitting={submitting} submit="Change vehicle" onCancel={onCancel} />
          </Stack>
        </form>
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Extend (owner or delivery boy)

interface ExtendValues {
  reasonCode?: string;
  remark?: string;
  fromPincode?: string;
  remainingKm?: string;
}
const toExtend = (v: ExtendValues): ExtendEwayBill => ({
  reasonCode: (v.reasonCode ?? '') as ExtendEwayBill['reasonCode'],
  remark: v.remark?.trim() ?? '',
  fromPincode: v.fromPincode ?? '',
  remainingKm: toNumber(v.remainingKm),
});

/** More time from where the goods are now (the portal allows it within 8 hours either side of the lapse). */
export function ExtendForm({ consignment: c, onDone, onCancel, big }: FormProps) {
  return (
    <Form<ExtendValues>
      onSubmit={(v) => submitted(() => extendEwayBill(c.id, toExtend(v)), { title: 'E-way bill extended', message: `For ${c.barcodeId}.` }, onDone)}
      validate={(v) => schemaErrors(ExtendEwayBill, toExtend(v))}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Extend e-way bill">
          <Stack gap="sm">
            <SelectField name="reasonCode" label="Why it needs more time" placeholder="Choose a reason" options={options(EWB_EXTEND_REASONS)} />
            <TextField name="remark" label="Remark" maxLength={50} />
            <TextField name="fromPincode" label="Pincode where the goods are now" inputMode="numeric" maxLength={6} parse={digits} />
            <TextField name="remainingKm" label="Distance still to go (km)" inputMode="numeric" maxLength={4} parse={digits} />
            <FormError />
            <FormButtons big={big} submitting={submitting} submit="Extend" onCancel={onCancel} />
          </Stack>
        </form>
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Cancel (owner, within EWB_CANCEL_WINDOW_HOURS, before the trip)

interface CancelValues {
  reasonCode?: string;
  remark?: string;
}
const toCancel = (v: CancelValues): CancelEwayBill => ({ reasonCode: (v.reasonCode ?? '') as CancelEwayBill['reasonCode'], remark: v.remark?.trim() ?? '' });

export function CancelEwayBillForm({ consignment: c, onDone, onCancel, big }: FormProps) {
  const until = c.ewayBill?.cancellableUntil;
  return (
    <Form<CancelValues>
      onSubmit={(v) => submitted(() => cancelEwayBill(c.id, toCancel(v)), { title: 'E-way bill cancelled', message: `For ${c.barcodeId}.` }, onDone)}
      validate={(v) => schemaErrors(CancelEwayBill, toCancel(v))}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Cancel e-way bill">
          <Stack gap="sm">
            {until && <Note>The portal allows it until {formatDateTime(until)}, and never once the goods are on the way.</Note>}
            <SelectField name="reasonCode" label="Reason" placeholder="Choose a reason" options={options(EWB_CANCEL_REASONS)} />
            <TextField name="remark" label="Remark" maxLength={50} />
            <FormError />
            <FormButtons big={big} submitting={submitting} submit="Cancel e-way bill" onCancel={onCancel} danger />
          </Stack>
        </form>
      )}
    />
  );
}
