import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { CLEARANCE_NEARBY_KM, type ClearanceCandidate, type ClearanceOffer } from 'shared-api';
import { isApiError } from 'shared-auth';
import {
  Button,
  CheckboxField,
  ExpiryDate,
  Form,
  FormError,
  Modal,
  Stack,
  TextField,
  composeValidators,
  formatCount,
  formatDate,
  formatRupees,
  parseRupees,
  required,
  theme,
  toSubmitErrors,
  todayInIndia,
  useFormState,
  type Validator,
} from 'shared-ui';
import { addDays, createOffer, defaultCutOff, discountBp, formatDiscount } from './clearance-api';

interface Values {
  offerPtr?: string;
  endsOn?: string;
  nearbyBuyers?: boolean;
}

const Facts = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;
const Warning = styled.div`
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.text};
  strong {
    color: ${theme.colors.warning};
  }
`;
const ErrorLine = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  justify-content: flex-end;
`;

const priceBelow =
  (ptrPaise: number): Validator =>
  (value) => {
    const paise = parseRupees(String(value ?? ''));
    if (paise === null || paise <= 0) return 'The offer PTR in rupees, e.g. 20.50';
    return paise < ptrPaise ? undefined : `Lower than the regular PTR of ${formatRupees(ptrPaise)}`;
  };
const dayBetween =
  (first: string, last: string): Validator =>
  (value) => {
    const day = String(value ?? '');
    if (day < first) return 'Pick today or a later day';
    return day > last ? `At the latest ${formatDate(last)}, the day before expiry` : undefined;
  };

/** The discount as the seller types the price: what buyers will see. */
function DiscountHint({ ptrPaise }: { ptrPaise: number }) {
  const { values } = useFormState<Values>({ subscription: { values: true } });
  const bp = discountBp(ptrPaise, parseRupees(values.offerPtr ?? ''));
  return (
    <Facts aria-live="polite">
      {bp === null ? `Regular PTR ${formatRupees(ptrPaise)}.` : `${formatDiscount(bp)} off the regular PTR of ${formatRupees(ptrPaise)}.`}
    </Facts>
  );
}

/**
 * Lists one batch to clear. A batch with units promised to placed orders is refused first (E0015): the dialog then
 * says how many and lists it only when the seller confirms.
 */
export function ListOfferDialog({ candidate, onClose, onListed }: { candidate: ClearanceCandidate; onClose: () => void; onListed: (offer: ClearanceOffer) => void }) {
  const today = todayInIndia();
  const lastDay = addDays(candidate.expiryDate, -1);
  // The values waiting for "list anyway" once the API warned that units are promised.
  const [promised, setPromised] = useState<Values | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listAnywayRef = useRef<HTMLButtonElement>(null);
  // The question replaces the form: the keyboard lands on its answer.
  useEffect(() => {
    if (promised) listAnywayRef.current?.focus();
  }, [promised]);

  async function send(values: Values, acknowledgePromised: boolean) {
    const offer = await createOffer({
      batchId: candidate.batchId,
      offerPtrPaise: parseRupees(values.offerPtr ?? '') ?? 0,
      endsOn: values.endsOn ?? '',
      nearbyBuyers: values.nearbyBuyers ?? false,
      acknowledgePromised,
    });
    onListed(offer);
  }

  async function listAnyway() {
    if (!promised) return;
    setBusy(true);
    setError(null);
    try {
      await send(promised, true);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'Please try again.');
      setBusy(false);
    }
  }

  const title = `List ${candidate.productName} (${candidate.batchNo})`;
  return (
    <Modal open title={title} onClose={onClose} dismissible={!busy}>
      <Stack gap="md">
        <Facts>
          {candidate.pack} · {candidate.manufacturer} · expires <ExpiryDate date={candidate.expiryDate} near daysLeft={candidate.daysToExpiry} /> ·{' '}
          {formatCount(candidate.quantity - candidate.reserved, 'unit')} free to sell · MRP {formatRupees(candidate.mrpPaise)}
        </Facts>
        {promised ? (
          <Stack gap="sm">
            <Warning role="alert">
              <strong>{formatCount(candidate.reserved, 'unit')} of this batch are promised to orders.</strong> Those orders keep their units; buyers of the
              offer get only the {formatCount(candidate.quantity - candidate.reserved, 'unit')} left. List anyway?
            </Warning>
            {error && <ErrorLine role="alert">{error}</ErrorLine>}
            <Buttons>
              <Button variant="secondary" disabled={busy} onClick={() => setPromised(null)}>
                Back
              </Button>
              <Button ref={listAnywayRef} loading={busy} onClick={() => void listAnyway()}>
                List anyway
              </Button>
            </Buttons>
          </Stack>
        ) : (
          <Form<Values>
            initialValues={promised ?? { endsOn: defaultCutOff(candidate.expiryDate, today), nearbyBuyers: false }}
            onSubmit={async (values) => {
              try {
                await send(values, false);
                return undefined;
              } catch (e) {
                if (isApiError(e) && e.code === 'E0015') {
                  setPromised(values);
                  return undefined;
                }
                return toSubmitErrors(e);
              }
            }}
            render={({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate aria-label="List to clear">
                <Stack gap="md">
                  <TextField
                    name="offerPtr"
                    label="Offer PTR (₹)"
                    inputMode="decimal"
                    autoComplete="off"
                    validate={composeValidators(required('Enter the offer PTR'), priceBelow(candidate.ptrPaise))}
                  />
                  <DiscountHint ptrPaise={candidate.ptrPaise} />
                  <TextField
                    name="endsOn"
                    label="Offer ends on (cut-off)"
                    type="date"
                    min={today}
                    max={lastDay}
                    hint="Buyers can buy it until this day; it ends by itself after it."
                    validate={composeValidators(required('Choose the last day of the offer'), dayBetween(today, lastDay))}
                  />
                  <CheckboxField name="nearbyBuyers" label={`Also offer it to buyers within ${CLEARANCE_NEARBY_KM} km who are not connected to you`} />
                  <FormError />
                  <Buttons>
                    <Button variant="secondary" type="button" onClick={onClose}>
                      Cancel
                    </Button>
                    <Button type="submit" loading={submitting}>
                      List offer
                    </Button>
                  </Buttons>
                </Stack>
              </form>
            )}
          />
        )}
      </Stack>
    </Modal>
  );
}
