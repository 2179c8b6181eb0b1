import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  CUSTOMER_TYPE_LABELS,
  CUSTOMER_TYPES,
  REGISTRATION_PATHS as R,
  normaliseTradeName,
  type Application,
  type CustomerType,
  type DocumentKind,
  type OtpLoginResponse,
  type PincodePlace,
  type RegistrationSession,
} from 'shared-api';
import { isApiError } from 'shared-auth';
import {
  Button,
  Card,
  CheckboxField,
  EmptyState,
  FORM_ERROR,
  Form,
  FormError,
  PageHeader,
  SelectField,
  Spinner,
  Stack,
  TextField,
  composeValidators,
  formatPhone,
  isDrugLicence,
  optional,
  required,
  theme,
  toSubmitErrors,
  useField,
  useForm,
  validateAadhaar,
  validateDrugLicence,
  validateEmail,
  validateFoodLicence,
  validateGstin,
  validateMobile,
  validatePan,
  validatePincode,
  validateVehicleNumber,
  type Validator,
} from 'shared-ui';
import { PublicLayout } from './PublicLayout';
import { readAsBase64, registrationCall, registrationToken } from './registration-api';

const CUSTOMER_TYPE_OPTIONS: { value: CustomerType; label: string }[] = CUSTOMER_TYPES.map((value) => ({ value, label: CUSTOMER_TYPE_LABELS[value] }));
const VEHICLE_TYPES = [
  { value: 'TWO_WHEELER', label: 'Two-wheeler' },
  { value: 'THREE_WHEELER', label: 'Three-wheeler' },
  { value: 'FOUR_WHEELER', label: 'Four-wheeler' },
  { value: 'BICYCLE', label: 'Bicycle' },
];
const STEP_TITLES = ['Mobile number', 'You and your business type', 'Address', 'Trade identifiers', 'Documents and terms'];
const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  GST_CERTIFICATE: 'GST registration certificate',
  PAN_CARD: 'PAN card',
  DRUG_LICENCE_1: 'Drug licence 1',
  DRUG_LICENCE_2: 'Drug licence 2',
  FOOD_LICENCE: 'Food licence (FSSAI)',
  AADHAAR: 'Aadhaar card',
  DRIVING_LICENCE: 'Driving licence',
};
const LICENSED: readonly CustomerType[] = ['STOCKIST', 'RETAILER', 'HOSPITAL'];
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
const MAX_MB = 2;

/** The documents the application needs (the API checks the same list at submit). */
function requiredDocuments(app: Application): DocumentKind[] {
  if (app.customerType === 'SEASON_BOY') return ['AADHAAR', 'DRIVING_LICENCE'];
  const kinds: DocumentKind[] = [app.gstin ? 'GST_CERTIFICATE' : 'PAN_CARD'];
  if (app.customerType && LICENSED.includes(app.customerType)) kinds.push('DRUG_LICENCE_1', 'DRUG_LICENCE_2');
  if (app.foodLicence) kinds.push('FOOD_LICENCE');
  return kinds;
}

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
const upper = (value: string | undefined) => (value ?? '').toUpperCase();
const toNumber = (value: string | undefined) => (value === undefined || value === '' ? undefined : Number(value));
const validateCoordinate = (min: number, max: number): Validator =>
  composeValidators(required('Location is required'), (v) => (Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max ? undefined : 'Enter a location in India'));

const gstinOrPan: Validator = (_value, all) => {
  const v = all as { gstin?: string; pan?: string } | undefined;
  return v?.gstin || v?.pan ? undefined : 'Either GSTIN or PAN is needed';
};
const tradeNameMatches: Validator = (value, all) => {
  const v = all as { gstin?: string; certificateTradeName?: string } | undefined;
  if (!v?.gstin || !v.certificateTradeName) return undefined;
  return normaliseTradeName(String(value ?? '')) === normaliseTradeName(v.certificateTradeName) ? undefined : 'Trade name must match the GST certificate';
};
const drugLicence = (n: 1 | 2) => composeValidators(required(`Drug licence ${n} is required`), (v) => (isDrugLicence(v) ? undefined : 'Enter a valid drug licence number'));

// Validators are made once: a new function on every render would make final-form re-register the field.
const V = {
  tradeName: composeValidators(required('Trade name is required'), tradeNameMatches),
  gstin: composeValidators(gstinOrPan, optional(validateGstin)),
  pan: composeValidators(gstinOrPan, optional(validatePan)),
  optionalPan: optional(validatePan),
  drugLicence1: drugLicence(1),
  drugLicence2: drugLicence(2),
  optionalDrugLicence: optional(validateDrugLicence),
  foodLicence: optional(validateFoodLicence),
  latitude: validateCoordinate(6, 38),
  longitude: validateCoordinate(68, 98),
};
const REQUIRED: Record<string, Validator> = Object.fromEntries(
  ['Accept consent', 'Accept terms and conditions', 'Address line 1 is required', 'City/town is required', 'Customer type is required', 'Date of birth is required', 'District is required', 'Driving licence is required', 'Enter the 6-digit code', 'Enter the trade name as printed on the GST certificate', 'First name is required', 'Landmark is required', 'Last name is required', 'State is required', 'Vehicle type is required'].map((m) => [m, required(m)]),
);

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.lg};
  padding: 0;
  list-style: none;
  li {
    padding: ${theme.space.xs} ${theme.space.sm};
    border-radius: ${theme.radii.md};
    color: ${theme.colors.textMuted};
  }
  li[aria-current='step'] {
    color: ${theme.colors.text};
    font-weight: ${theme.fontWeights.bold};
    background: ${theme.colors.primarySoft};
  }
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${theme.space.md};
`;
const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

const Refusal = styled.p`
  margin: 0;
  padding: ${theme.space.sm} ${theme.space.md};
  color: ${theme.colors.danger};
  background: ${theme.colors.dangerSoft};
  border-radius: ${theme.radii.md};
`;

/** E0029 without a field: the mobile number already belongs to an account. */
const isRegisteredMobile = (error: unknown) => isApiError(error) && error.code === 'E0029' && !error.fields?.email;

/** Says so in a sentence and points to sign-in (the landing page), instead of the catalogue's "email/mobile already registered". */
function AlreadyRegistered() {
  return (
    <Refusal role="alert">
      This number is already registered. <Link to="/">Sign in instead.</Link>
    </Refusal>
  );
}

function StepNav({ current }: { current: number }) {
  return (
    <Steps aria-label="Registration steps">
      {STEP_TITLES.map((title, i) => (
        <li key={title} aria-current={i === current ? 'step' : undefined}>
          {i + 1}. {title}
        </li>
      ))}
    </Steps>
  );
}

function Actions({ onBack, submitting, label = 'Save and continue' }: { onBack?: () => void; submitting?: boolean; label?: string }) {
  return (
    <Stack direction="row" gap="sm">
      {onBack && (
        <Button type="button" variant="secondary" onClick={onBack}>
          Back
        </Button>
      )}
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Stack>
  );
}

/** Step 0: prove the mobile number by OTP; answers the draft (new or resumed) and its token. */
export function MobileStep({ onVerified, invite }: { onVerified: (session: RegistrationSession) => void; invite?: Invite | undefined }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const [resendError, setResendError] = useState<string | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function send(mobileNumber: string, resend: boolean) {
    const sent = await registrationCall<OtpLoginResponse>('POST', R.otp, { mobileNumber, resend });
    setSentTo(mobileNumber);
    setWait(sent.resendAfterSeconds);
    setResendError(null);
  }

  return (
    <Form<{ mobileNumber?: string; otp?: string }>
      initialValues={invite?.mobile ? { mobileNumber: invite.mobile } : {}}
      onSubmit={async (values) => {
        try {
          if (!sentTo || sentTo !== values.mobileNumber) {
            await send(values.mobileNumber ?? '', false);
            return undefined;
          }
          const session = await registrationCall<RegistrationSession>('POST', R.otpVerify, { mobileNumber: sentTo, otp: values.otp });
          onVerified(session);
          return undefined;
        } catch (error) {
          if (isRegisteredMobile(error)) {
            setRegistered(values.mobileNumber ?? '');
            return undefined;
          }
          return toSubmitErrors(error);
        }
      }}
      render={({ handleSubmit, submitting, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Verify mobile number">
          <Stack gap="md">
            <TextField
              name="mobileNumber"
              label="Mobile number"
              hint="10 digits, without +91. A one-time code is sent to it."
              inputMode="numeric"
              maxLength={10}
              parse={digits}
              validate={validateMobile}
            />
            {sentTo && sentTo === values.mobileNumber && (
              <>
                <TextField name="otp" label={`Code sent to ${formatPhone(sentTo)}`} inputMode="numeric" maxLength={6} parse={digits} validate={REQUIRED['Enter the 6-digit code']} autoComplete="one-time-code" />
                <div>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    disabled={wait > 0}
                    onClick={async () => {
                      try {
                        await send(sentTo, true);
                      } catch (error) {
                        // E0005 (too early) names the seconds left; E0006 too many codes this hour
                        setResendError(isApiError(error) ? error.message : 'The code could not be sent');
                      }
                    }}
                  >
                    {wait > 0 ? `Resend code in ${wait} s` : 'Resend code'}
                  </Button>
                  {resendError && <Muted role="alert">{resendError}</Muted>}
                </div>
              </>
            )}
            {registered !== null && registered === values.mobileNumber && <AlreadyRegistered />}
            <FormError />
            <Actions submitting={submitting} label={sentTo && sentTo === values.mobileNumber ? 'Verify' : 'Send code'} />
          </Stack>
        </form>
      )}
    />
  );
}

interface StepProps {
  app: Application;
  onSaved: (app: Application) => void;
  onBack: () => void;
  /** What the trading partner who invited the applicant knows of it (a move-in's SMS link): defaults only. */
  invite?: Invite;
}

/** The move-in invite's link (api move-in/network.ts): /registration?name=…&mobile=…&gstin=…&pincode=…&ref=<unit code>. */
export interface Invite {
  name: string;
  mobile: string;
  gstin: string;
  pincode: string;
  /** The inviting unit's code. */
  ref: string;
}

/** The link's fields, each kept only when it has the shape its field takes (a link is typed by anyone). */
export function inviteOf(params: URLSearchParams): Invite | undefined {
  const pick = (key: string, shape: RegExp) => {
    const v = (params.get(key) ?? '').trim();
    return shape.test(v) ? v : '';
  };
  const invite = {
    name: pick('name', /^[^<>]{1,100}$/),
    mobile: pick('mobile', /^[6-9]\d{9}$/),
    gstin: pick('gstin', /^[0-9A-Z]{15}$/),
    pincode: pick('pincode', /^[1-9]\d{5}$/),
    ref: pick('ref', /^[A-Z0-9-]{1,20}$/),
  };
  return Object.values(invite).some(Boolean) ? invite : undefined;
}

async function save(url: string, values: object, onSaved: (app: Application) => void) {
  try {
    onSaved(await registrationCall<Application>('POST', url, values));
    return undefined;
  } catch (error) {
    return toSubmitErrors(error);
  }
}

function PersonStep({ app, onSaved }: Omit<StepProps, 'onBack'>) {
  return (
    <Form
      initialValues={{ customerType: app.customerType ?? '', firstName: app.firstName ?? '', lastName: app.lastName ?? '', email: app.email ?? '' }}
      onSubmit={(values) => save(R.step1, values, onSaved)}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="You and your business type">
          <Stack gap="md">
            <SelectField name="customerType" label="Customer type" placeholder="Choose…" options={CUSTOMER_TYPE_OPTIONS} validate={REQUIRED['Customer type is required']} />
            <Grid>
              <TextField name="firstName" label="First name" autoComplete="given-name" validate={REQUIRED['First name is required']} />
              <TextField name="lastName" label="Last name" autoComplete="family-name" validate={REQUIRED['Last name is required']} />
            </Grid>
            <TextField name="email" label="Email" type="email" autoComplete="email" validate={validateEmail} />
            <Muted>Mobile number {formatPhone(app.mobileNumber)} (verified)</Muted>
            <FormError />
            <Actions submitting={submitting} />
          </Stack>
        </form>
      )}
    />
  );
}

/** Fills city, district and state when a known pincode is typed (GET geo/pincode). */
function PincodeLookup() {
  const form = useForm();
  const { input } = useField<string>('pincode', { subscription: { value: true } });
  // The note belongs to the pincode it was looked up for; typing another hides it.
  const [note, setNote] = useState<{ pincode: string; text: string } | null>(null);
  useEffect(() => {
    const pincode = input.value ?? '';
    if (!/^[1-9]\d{5}$/.test(pincode)) return undefined;
    let current = true;
    registrationCall<PincodePlace>('GET', `${R.pincode}?pincode=${pincode}`)
      .then((place) => {
        if (!current) return;
        form.batch(() => {
          form.change('city', place.city);
          form.change('district', place.district);
          form.change('state', place.state);
          // The town centre as a first map pin; never over a location already given (GPS or typed).
          const { latitude, longitude } = form.getState().values as { latitude?: number; longitude?: number };
          if (place.latitude !== undefined && place.longitude !== undefined && latitude === undefined && longitude === undefined) {
            form.change('latitude', place.latitude);
            form.change('longitude', place.longitude);
          }
        });
        setNote({ pincode, text: `${place.office}, ${place.district}, ${place.state}` });
      })
      .catch(() => current && setNote({ pincode, text: 'Pincode not in our list: enter city, district and state yourself' }));
    return () => {
      current = false;
    };
  }, [input.value, form]);
  return note && note.pincode === input.value ? <Muted role="status">{note.text}</Muted> : null;
}

function UseMyLocation() {
  const form = useForm();
  const [message, setMessage] = useState<string | null>(null);
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return null;
  return (
    <Stack direction="row" gap="sm" align="center">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() =>
          navigator.geolocation.getCurrentPosition(
            (pos) => {
              form.change('latitude', Number(pos.coords.latitude.toFixed(6)));
              form.change('longitude', Number(pos.coords.longitude.toFixed(6)));
              setMessage('Location taken from this device');
            },
            () => setMessage('Location not available: enter latitude and longitude'),
          )
        }
      >
        Use my location
      </Button>
      {message && <Muted>{message}</Muted>}
    </Stack>
  );
}

export function AddressStep({ app, onSaved, onBack, invite }: StepProps) {
  return (
    <Form
      initialValues={{
        pincode: app.pincode ?? invite?.pincode ?? '', addressLine: app.addressLine ?? '', landmark: app.landmark ?? '', city: app.city ?? '',
        district: app.district ?? '', state: app.state ?? '', latitude: app.latitude ?? undefined, longitude: app.longitude ?? undefined,
      }}
      onSubmit={(values) => save(R.step2, values, onSaved)}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Address">
          <Stack gap="md">
            <TextField name="pincode" label="Pincode" inputMode="numeric" maxLength={6} parse={digits} validate={validatePincode} />
            <PincodeLookup />
            <TextField name="addressLine" label="Address line 1" validate={REQUIRED['Address line 1 is required']} />
            <TextField name="landmark" label="Landmark" validate={REQUIRED['Landmark is required']} />
            <Grid>
              <TextField name="city" label="City/town" validate={REQUIRED['City/town is required']} />
              <TextField name="district" label="District" validate={REQUIRED['District is required']} />
              <TextField name="state" label="State" validate={REQUIRED['State is required']} />
            </Grid>
            <Grid>
              <TextField name="latitude" label="Location: latitude" inputMode="decimal" parse={toNumber} validate={V.latitude} />
              <TextField name="longitude" label="Location: longitude" inputMode="decimal" parse={toNumber} validate={V.longitude} />
            </Grid>
            <UseMyLocation />
            <FormError />
            <Actions submitting={submitting} onBack={onBack} />
          </Stack>
        </form>
      )}
    />
  );
}

export function IdentifiersStep({ app, onSaved, onBack, invite }: StepProps) {
  const type = app.customerType;
  const seasonBoy = type === 'SEASON_BOY';
  const licensed = type !== null && LICENSED.includes(type);
  const wholesale = type === 'STOCKIST';
  return (
    <Form
      initialValues={{
        tradeName: app.tradeName ?? invite?.name ?? '', certificateTradeName: app.certificateTradeName ?? '', gstin: app.gstin ?? invite?.gstin ?? '', pan: app.pan ?? '',
        drugLicence1: app.drugLicence1 ?? '', drugLicence2: app.drugLicence2 ?? '', foodLicence: app.foodLicence ?? '', aadhaar: app.aadhaar ?? '',
        dateOfBirth: app.dateOfBirth ?? '', drivingLicence: app.drivingLicence ?? '', vehicleNumber: app.vehicleNumber ?? '', vehicleType: app.vehicleType ?? '',
      }}
      onSubmit={(values) => save(R.step3, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')), onSaved)}
      render={({ handleSubmit, submitting, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Trade identifiers">
          <Stack gap="md">
            {seasonBoy ? (
              <>
                <Muted>A season boy delivers for traders: give your identity and vehicle instead of trade licences.</Muted>
                <Grid>
                  <TextField name="aadhaar" label="Aadhaar number" inputMode="numeric" maxLength={14} validate={validateAadhaar} />
                  <TextField name="dateOfBirth" label="Date of birth" type="date" validate={REQUIRED['Date of birth is required']} />
                  <TextField name="pan" label="PAN (optional)" parse={upper} maxLength={10} validate={V.optionalPan} />
                </Grid>
                <Grid>
                  <TextField name="drivingLicence" label="Driving licence" parse={upper} validate={REQUIRED['Driving licence is required']} />
                  <TextField name="vehicleNumber" label="Vehicle number" parse={upper} validate={validateVehicleNumber} />
                  <SelectField name="vehicleType" label="Vehicle type" placeholder="Choose…" options={VEHICLE_TYPES} validate={REQUIRED['Vehicle type is required']} />
                </Grid>
              </>
            ) : (
              <>
                <TextField name="tradeName" label="Trade name" validate={V.tradeName} />
                <Grid>
                  <TextField name="gstin" label="GSTIN" parse={upper} maxLength={15} validate={V.gstin} />
                  <TextField name="pan" label="PAN" parse={upper} maxLength={10} validate={V.pan} />
                </Grid>
                {values.gstin && (
                  <TextField
                    name="certificateTradeName"
                    label="Trade name as printed on the GST certificate"
                    hint="Checked against the trade name above; staff compare it with the certificate you upload."
                    validate={REQUIRED['Enter the trade name as printed on the GST certificate']}
                  />
                )}
                {(licensed || type === 'MANUFACTURER') && (
                  <Grid>
                    <TextField
                      name="drugLicence1"
                      label={wholesale ? 'Drug licence 1 (Form 20B)' : licensed ? 'Drug licence 1 (Form 20)' : 'Drug licence 1 (optional)'}
                      parse={upper}
                      validate={licensed ? V.drugLicence1 : V.optionalDrugLicence}
                    />
                    <TextField
                      name="drugLicence2"
                      label={wholesale ? 'Drug licence 2 (Form 21B)' : licensed ? 'Drug licence 2 (Form 21)' : 'Drug licence 2 (optional)'}
                      parse={upper}
                      validate={licensed ? V.drugLicence2 : V.optionalDrugLicence}
                    />
                  </Grid>
                )}
                <TextField name="foodLicence" label="Food licence (FSSAI, optional)" inputMode="numeric" maxLength={14} parse={digits} validate={V.foodLicence} />
              </>
            )}
            <FormError />
            <Actions submitting={submitting} onBack={onBack} />
          </Stack>
        </form>
      )}
    />
  );
}

function DocumentUpload({ kind, app, onSaved }: { kind: DocumentKind; app: Application; onSaved: (app: Application) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uploaded = app.documents.find((d) => d.kind === kind);
  const id = `doc-${kind}`;
  return (
    <Stack gap="xs">
      <label htmlFor={id}>
        <strong>{DOCUMENT_LABELS[kind]}</strong> {uploaded ? `· uploaded: ${uploaded.fileName}` : '· PDF or image, at most 2 MB'}
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        disabled={busy}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          setError(null);
          if (file.size > MAX_MB * 1024 * 1024) return setError(`The file must be at most ${MAX_MB} MB`);
          if (!ACCEPT.split(',').includes(file.type)) return setError('Only PDF or image (JPEG, PNG, WebP) files');
          setBusy(true);
          try {
            onSaved(await registrationCall<Application>('POST', R.uploadLicence, { kind, fileName: file.name, mimeType: file.type, contentBase64: await readAsBase64(file) }));
          } catch (err) {
            setError(isApiError(err) ? (Object.values(err.fields ?? {})[0] ?? err.message) : 'The file could not be uploaded');
          } finally {
            setBusy(false);
          }
        }}
      />
      {error && (
        <Muted role="alert" style={{ color: theme.colors.danger }}>
          {error}
        </Muted>
      )}
    </Stack>
  );
}

function DocumentsStep({ app, onSaved, onBack, onSubmitted }: StepProps & { onSubmitted: (app: Application) => void }) {
  // The number may have been registered by another way since it was verified here.
  const [registered, setRegistered] = useState(false);
  const kinds = requiredDocuments(app);
  const optionalKinds: DocumentKind[] = app.customerType === 'SEASON_BOY' ? ['PAN_CARD'] : app.gstin && app.pan ? ['PAN_CARD'] : [];
  return (
    <Form<{ acceptTerms?: boolean; acceptConsent?: boolean }>
      onSubmit={async (values) => {
        try {
          onSubmitted(await registrationCall<Application>('POST', R.submit, values));
          return undefined;
        } catch (error) {
          if (isRegisteredMobile(error)) {
            setRegistered(true);
            return undefined;
          }
          const errors = toSubmitErrors(error) as Record<string, unknown>;
          // Missing documents come back under their kind; they are listed above the form.
          const missing = kinds.filter((k) => k in errors).map((k) => DOCUMENT_LABELS[k]);
          return missing.length ? { ...errors, [FORM_ERROR]: `Upload: ${missing.join(', ')}` } : errors;
        }
      }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Documents and terms">
          <Stack gap="md">
            {kinds.map((kind) => (
              <DocumentUpload key={kind} kind={kind} app={app} onSaved={onSaved} />
            ))}
            {optionalKinds.map((kind) => (
              <DocumentUpload key={kind} kind={kind} app={app} onSaved={onSaved} />
            ))}
            <CheckboxField
              name="acceptTerms"
              label={
                <>
                  I accept the <Link to="/terms-and-conditions">terms and conditions</Link>
                </>
              }
              validate={REQUIRED['Accept terms and conditions']}
            />
            <CheckboxField
              name="acceptConsent"
              label={
                <>
                  I consent to the verification of these identifiers and documents and to their use as the{' '}
                  <Link to="/privacy-policy">privacy policy</Link> describes
                </>
              }
              validate={REQUIRED['Accept consent']}
            />
            {registered && <AlreadyRegistered />}
            <FormError />
            <Actions submitting={submitting} onBack={onBack} label="Submit for verification" />
          </Stack>
        </form>
      )}
    />
  );
}

function Shell({ step, children }: { step: number; children: ReactNode }) {
  return (
    <PublicLayout>
      <PageHeader title="Register your business" crumbs={[{ label: 'Home', to: '/' }, { label: 'Registration' }]} />
      <Card>
        <StepNav current={step} />
        {children}
      </Card>
    </PublicLayout>
  );
}

/**
 * /registration (SPEC.md §2, §3, §5): mobile by OTP, then type and person, address, trade identifiers, documents
 * and terms. Each step is saved on the server; a reload resumes at the step the applicant left.
 */
export function RegistrationPage() {
  const [app, setApp] = useState<Application | null>(null);
  const [view, setView] = useState<number | 'done' | null>(registrationToken.get() ? null : 0);
  const [params] = useSearchParams();
  // Read once: the steps are this page's state, so the link's query stays put while the applicant goes through them.
  const [invite] = useState(() => inviteOf(params));

  useEffect(() => {
    if (view !== null) return;
    registrationCall<Application>('GET', R.draft)
      .then((draft) => {
        setApp(draft);
        setView(draft.step);
      })
      .catch(() => {
        registrationToken.clear();
        setView(0);
      });
  }, [view]);

  if (view === null) {
    return (
      <Shell step={0}>
        <Spinner label="Loading your application" />
      </Shell>
    );
  }
  if (view === 'done' && app) {
    return (
      <PublicLayout>
        <PageHeader title="Application submitted" crumbs={[{ label: 'Home', to: '/' }, { label: 'Registration' }]} />
        <EmptyState
          title="We are verifying your licences"
          message={`${app.tradeName ?? `${app.firstName} ${app.lastName}`} (${app.unitCode}) is registered and awaiting verification by our team. Sign in with ${formatPhone(app.mobileNumber)} to see its status; trading opens once it is verified.`}
          action={<Link to="/">Sign in</Link>}
        />
      </PublicLayout>
    );
  }
  const saved = (next: Application) => {
    setApp(next);
    setView(next.step);
  };
  const back = () => setView((v) => (typeof v === 'number' && v > 1 ? v - 1 : v));
  const step = typeof view === 'number' ? view : 0;
  return (
    <Shell step={step}>
      {step === 0 || !app ? (
        <MobileStep
          invite={invite}
          onVerified={(session) => {
            registrationToken.set(session.token);
            saved(session.application);
          }}
        />
      ) : step === 1 ? (
        <PersonStep app={app} onSaved={saved} />
      ) : step === 2 ? (
        <AddressStep app={app} onSaved={saved} onBack={back} invite={invite} />
      ) : step === 3 ? (
        <IdentifiersStep app={app} onSaved={saved} onBack={back} invite={invite} />
      ) : (
        <DocumentsStep
          app={app}
          onSaved={setApp}
          onBack={back}
          onSubmitted={(done) => {
            registrationToken.clear();
            setApp(done);
            setView('done');
          }}
        />
      )}
    </Shell>
  );
}
