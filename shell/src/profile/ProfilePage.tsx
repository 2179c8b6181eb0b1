import { CUSTOMER_TYPE_LABELS, PROFILE_PATHS, REGISTRATION_PATHS, roleLabel, type Application, type DocumentContent, type Profile } from 'shared-api';
import { api, useMyAccount } from 'shared-auth';
import { Avatar, Button, Card, Form, FormError, PageHeader, Stack, TextField, formatDate, formatPhone, toSubmitErrors, toast } from 'shared-ui';
import { DetailRows } from './DetailRows';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from '../layout/base-path';
import { PayoutAccountsCard } from './PayoutAccountsCard';
import { PreferencesCard } from './PreferencesCard';
import { WarehousesCard } from './WarehousesCard';
import { openDocument, useProfile } from './profile-api';

const STATUS_TEXT: Record<Application['status'], string> = {
  DRAFT: 'Not submitted',
  SUBMITTED: 'Awaiting verification',
  APPROVED: 'Verified',
  REJECTED: 'Not approved',
};

function identifierRows(a: Application): [string, string][] {
  const rows: [string, string | null][] = [
    ['Registration', `${STATUS_TEXT[a.status]}${a.decidedAt ? ` (${formatDate(a.decidedAt)})` : ''}`],
    ['Reason', a.rejectionReason],
    ['GSTIN', a.gstin],
    ['PAN', a.pan],
    ['Drug licence 1', a.drugLicence1],
    ['Drug licence 2', a.drugLicence2],
    ['Food licence', a.foodLicence],
    // Aadhaar is shown masked, as UIDAI asks of anyone displaying it.
    ['Aadhaar', a.aadhaar ? `XXXX XXXX ${a.aadhaar.slice(-4)}` : null],
    ['Date of birth', a.dateOfBirth ? formatDate(a.dateOfBirth) : null],
    ['Driving licence', a.drivingLicence],
    ['Vehicle', a.vehicleNumber ? `${a.vehicleNumber} (${(a.vehicleType ?? '').replace('_', ' ').toLowerCase()})` : null],
    ['Address', [a.addressLine, a.landmark, a.city, a.district, a.state, a.pincode].filter(Boolean).join(', ') || null],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

export function DocumentList({ application }: { application: Application }) {
  if (application.documents.length === 0) return <p>No documents.</p>;
  return (
    <Stack direction="row" gap="sm" wrap>
      {application.documents.map((d) => (
        <Button
          key={d.id}
          type="button"
          variant="secondary"
          size="sm"
          onClick={async () => {
            try {
              openDocument(await api.get<DocumentContent>(REGISTRATION_PATHS.document(d.id)));
            } catch {
              toast.error({ title: 'The document could not be opened' });
            }
          }}
        >
          {d.kind.replace(/_/g, ' ').toLowerCase()} · {d.fileName}
        </Button>
      ))}
    </Stack>
  );
}

function TradeTextsForm({ header, footer, canEdit }: { header: string | null; footer: string | null; canEdit: boolean }) {
  const { mutate } = useMyAccount();
  if (!canEdit) return <DetailRows rows={[['Trade header', header ?? '—'], ['Trade footer', footer ?? '—']]} />;
  return (
    <Form
      initialValues={{ tradeHeader: header ?? '', tradeFooter: footer ?? '' }}
      onSubmit={async (values: { tradeHeader?: string; tradeFooter?: string }) => {
        try {
          await api.post<Profile>(PROFILE_PATHS.tradeTexts, { tradeHeader: values.tradeHeader ?? null, tradeFooter: values.tradeFooter ?? null });
          await mutate();
          toast.success({ title: 'Trade header and footer saved' });
          return undefined;
        } catch (error) {
          return toSubmitErrors(error);
        }
      }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Trade header and footer">
          <Stack gap="md">
            <TextField name="tradeHeader" label="Trade header (printed on invoices)" maxLength={300} />
            <TextField name="tradeFooter" label="Trade footer (printed on invoices)" maxLength={300} />
            <FormError />
            <div>
              <Button type="submit" loading={submitting}>
                Save header and footer
              </Button>
            </div>
          </Stack>
        </form>
      )}
    />
  );
}

/** SPEC.md §2 profile: details, identifiers and documents, subscription, trade header/footer, preferences, bank/UPI, warehouses. */
export function ProfilePage() {
  const cached = useSignedInAccount();
  const { data } = useMyAccount();
  const account = data ?? cached;
  const { data: profile } = useProfile();
  const base = useBasePath();
  const owner = account.role === 'OWNER';
  const rows: [string, string][] = [
    ['First name', account.firstName],
    ['Last name', account.lastName],
    ['Customer type', CUSTOMER_TYPE_LABELS[account.customerType]],
    // What this login may do (issue 33 item 13): the owner, or the role the owner gave this employee.
    ['Your role', roleLabel(account)],
    ['Trade name', account.tradeName],
    ['Unit code', account.unitCode],
    ['Mobile number', formatPhone(account.mobileNumber)],
    ['Email', account.email ?? '—'],
    ['Delivery market', account.deliveryMarket ?? '—'],
    ['Account status', account.activated ? 'Active' : 'Not activated yet'],
    [
      'Subscription',
      account.subscription
        ? `${account.subscription.type}${account.subscription.validUntil ? ` until ${formatDate(account.subscription.validUntil)}` : ''}`
        : '—',
    ],
    ['Free deliveries (referral offer)', profile ? String(profile.referralFreeDeliveries) : '—'],
    ['Location', account.latitude !== null && account.longitude !== null ? `${account.latitude.toFixed(4)}, ${account.longitude.toFixed(4)}` : '—'],
  ];

  return (
    <>
      <PageHeader title="Profile" crumbs={[{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Profile' }]} />
      <Stack gap="lg">
        <Card title="Account">
          <Stack direction="row" gap="xl" align="flex-start" wrap>
            <Avatar firstName={account.firstName} lastName={account.lastName} size={72} />
            <DetailRows rows={rows} />
          </Stack>
        </Card>
        {profile?.application && (
          <Card title="Identifiers and documents">
            <Stack gap="md">
              <DetailRows rows={identifierRows(profile.application)} />
              <DocumentList application={profile.application} />
            </Stack>
          </Card>
        )}
        <Card title="Trade header and footer">
          <TradeTextsForm header={account.tradeHeader} footer={account.tradeFooter} canEdit={owner} />
        </Card>
        <PreferencesCard owner={owner} activated={account.activated} seller={account.customerType === 'STOCKIST'} />
        <PayoutAccountsCard owner={owner} activated={account.activated} />
        <WarehousesCard owner={owner} />
      </Stack>
    </>
  );
}
