import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { CreateOfflinePickup, type Market, type OfflineDirection } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, ErrorPanel, Form, FormError, FORM_ERROR, SelectField, Stack, TextField, toSubmitErrors, toast, useField, useForm } from 'shared-ui';
import { AssignmentFields } from '../deliveries-common/AssignmentFields';
import { consignmentPath, createOffline, todayIst, useMarkets, useRevalidateDeliveries } from '../deliveries-common/deliveries-api';
import { schemaErrors } from '../deliveries-common/form';
import { OfflineGoodsFields, offlineGoodsBody, offlineGoodsErrors, type OfflineGoodsValues } from './offline-goods';
import { GoodsFields, goodsBody, type GoodsValues } from './pickup-form';

const LIST = '/orders/offline-pickups';

interface Values extends GoodsValues, OfflineGoodsValues {
  direction?: OfflineDirection;
  partyName?: string;
  mobile?: string;
  addressLine?: string;
  landmark?: string;
  pincode?: string;
  marketId?: string;
  pickupDate?: string;
}

const DIRECTIONS: { value: OfflineDirection; label: string }[] = [
  { value: 'SEND', label: 'Send: take goods from my warehouse to them' },
  { value: 'COLLECT', label: 'Collect: bring goods from them to my warehouse' },
];
const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

/** The body as the contract reads it: text trimmed by the schema, numbers from the boxes, no empty optionals. */
export const toCreateOfflinePickup = (v: Values): CreateOfflinePickup => ({
  direction: v.direction ?? 'SEND',
  partyName: v.partyName ?? '',
  mobile: v.mobile ?? '',
  addressLine: v.addressLine ?? '',
  landmark: v.landmark ?? '',
  pincode: v.pincode ?? '',
  marketId: v.marketId ?? '',
  pickupDate: v.pickupDate ?? '',
  ...goodsBody(v),
  ...offlineGoodsBody(v),
});

const marketOf = (markets: readonly Market[], pincode: string) => markets.find((m) => m.pincodePrefixes.some((p) => pincode.startsWith(p)));

/** Picks the market when a whole pincode is typed (most belong to exactly one); a market chosen afterwards stays. */
function MarketFromPincode({ markets }: { markets: readonly Market[] }) {
  const form = useForm();
  const pincode = useField<string>('pincode', { subscription: { value: true } }).input.value;
  const handled = useRef('');
  useEffect(() => {
    if (pincode.length !== 6 || handled.current === pincode) return;
    handled.current = pincode;
    const found = marketOf(markets, pincode);
    if (found) form.change('marketId', found.id);
  }, [pincode, markets, form]);
  return null;
}

/** E0061 as people say it, on the pincode where it belongs as well as on top of the form. */
function submitErrors(err: unknown, values: Values, markets: readonly Market[]) {
  const errors = toSubmitErrors(err) as Record<string, unknown>;
  if (isApiError(err) && err.code === 'E0061') {
    const market = markets.find((m) => m.id === values.marketId);
    const sentence = `Outstation pickups are not available: pincode ${values.pincode ?? ''} is outside ${market ? `the ${market.name} market` : 'the chosen market'}. A delivery boy only carries goods within one market; send these by courier instead.`;
    errors[FORM_ERROR] = sentence;
    errors.pincode ??= 'Outside the chosen market';
  }
  return errors;
}

/** orders/offline-pickups/add: book a delivery boy for goods not ordered in the app, to or from someone in the market. */
export function AddOfflinePickupPage() {
  const navigate = useNavigate();
  const markets = useMarkets();
  const revalidate = useRevalidateDeliveries();

  async function submit(values: Values) {
    try {
      const consignment = await createOffline(toCreateOfflinePickup(values));
      void revalidate();
      toast.success({ title: 'Pickup booked', message: `${values.partyName?.trim() ?? ''}: ${consignment.barcodeId}. Print its label for the parcel.` });
      navigate(consignmentPath(consignment.barcodeId));
      return undefined;
    } catch (err) {
      return submitErrors(err, values, markets.data ?? []);
    }
  }

  const today = todayIst();
  // One object per day: react-final-form starts the form over whenever initialValues differs shallowly, and a nested
  // `goods` made on each render did (what was typed vanished when the markets arrived).
  const initialValues = useMemo<Values>(() => ({ direction: 'SEND', pickupDate: today, goods: { documentType: 'INV', documentDate: today } }), [today]);
  if (markets.error && !markets.data) return <ErrorPanel title="The markets could not be loaded" message={markets.error.message} onRetry={() => void markets.mutate()} />;
  return (
    <Card title="Book an offline pickup">
      <Form<Values>
        onSubmit={submit}
        initialValues={initialValues}
        validate={(values) => offlineGoodsErrors(values, schemaErrors(CreateOfflinePickup, toCreateOfflinePickup(values)))}
        render={({ handleSubmit, submitting, values }) => {
          const collect = values.direction === 'COLLECT';
          return (
            <form onSubmit={handleSubmit} noValidate aria-label="Offline pickup">
              <Stack gap="md">
                <SelectField
                  name="direction"
                  label="What should the delivery boy do?"
                  options={DIRECTIONS}
                  hint={
                    collect
                      ? 'He goes to the address below, picks up the goods and brings them to your warehouse; you get the pin to accept them.'
                      : 'He picks up the goods at your warehouse and takes them to the address below; the receiver gets the pin by SMS.'
                  }
                />
                <TextField name="partyName" label={collect ? 'Collect from (name)' : 'Send to (name)'} maxLength={120} autoComplete="off" />
                <TextField name="mobile" label="Their mobile number" inputMode="tel" maxLength={10} parse={digits} autoComplete="off" />
                <TextField name="addressLine" label="Address" maxLength={300} />
                <TextField name="landmark" label="Landmark" maxLength={200} hint="Something the delivery boy can ask for: a temple, a bus stop, a shop" />
                <TextField name="pincode" label="Pincode" inputMode="numeric" maxLength={6} parse={digits} />
                <SelectField
                  name="marketId"
                  label="Market"
                  placeholder={markets.data ? 'Choose the market' : 'Loading…'}
                  disabled={!markets.data}
                  options={(markets.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.city}, ${m.state})` }))}
                  hint="The service area the address lies in; your warehouse must be in the same one."
                />
                {markets.data && <MarketFromPincode markets={markets.data} />}
                <TextField name="pickupDate" label="Pickup date" type="date" min={today} />
                <GoodsFields />
                <OfflineGoodsFields />
                <AssignmentFields />
                <FormError />
                <Stack direction="row" gap="sm" wrap>
                  <Button type="submit" loading={submitting}>
                    Book pickup
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => navigate(LIST)}>
                    Cancel
                  </Button>
                </Stack>
              </Stack>
            </form>
          );
        }}
      />
    </Card>
  );
}
