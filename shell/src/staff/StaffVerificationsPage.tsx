import { useState } from 'react';
import useSWR from 'swr';
import { CUSTOMER_TYPE_LABELS, REGISTRATION_PATHS as R, type Application, type ApplicationSummary, type RegistrationStatus } from 'shared-api';
import { api, fetcher } from 'shared-auth';
import {
  Button,
  Card,
  DataTable,
  EmptyState,
  ErrorPanel,
  Form,
  FormError,
  Modal,
  PageHeader,
  Select,
  Stack,
  TextField,
  composeValidators,
  formatDateTime,
  formatPhone,
  required,
  toSubmitErrors,
  toast,
} from 'shared-ui';
import { useBasePath } from '../layout/base-path';
import { DetailRows } from '../profile/DetailRows';
import { DocumentList } from '../profile/ProfilePage';
import { useProfile } from '../profile/profile-api';

const STATUS_OPTIONS = [
  { value: 'SUBMITTED', label: 'Awaiting verification' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];
const validateReason = composeValidators(required('Give the applicant a reason'), (v) => (String(v).trim().length >= 5 ? undefined : 'Give the applicant a reason (at least 5 characters)'));

function applicationRows(a: Application): [string, string][] {
  const rows: [string, string | null][] = [
    ['Customer type', a.customerType ? CUSTOMER_TYPE_LABELS[a.customerType] : null],
    ['Name', `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim()],
    ['Mobile', formatPhone(a.mobileNumber)],
    ['Email', a.email],
    ['Trade name', a.tradeName],
    ['On the GST certificate', a.certificateTradeName],
    ['GSTIN', a.gstin],
    ['PAN', a.pan],
    ['Drug licence 1', a.drugLicence1],
    ['Drug licence 2', a.drugLicence2],
    ['Food licence', a.foodLicence],
    ['Aadhaar', a.aadhaar],
    ['Date of birth', a.dateOfBirth],
    ['Driving licence', a.drivingLicence],
    ['Vehicle', a.vehicleNumber ? `${a.vehicleNumber} (${a.vehicleType ?? ''})` : null],
    ['Address', [a.addressLine, a.landmark, a.city, a.district, a.state, a.pincode].filter(Boolean).join(', ')],
    ['Location', a.latitude !== null && a.longitude !== null ? `${a.latitude}, ${a.longitude}` : null],
    ['Submitted', a.submittedAt ? formatDateTime(a.submittedAt) : null],
    ['Unit code', a.unitCode],
    ['Rejection reason', a.rejectionReason],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

function ApplicationPanel({ id, onDecided }: { id: string; onDecided: () => void }) {
  const { data, error, mutate } = useSWR<Application>(R.staffApplication(id), fetcher);
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  if (error) return <ErrorPanel title="The application could not be loaded" message={error instanceof Error ? error.message : ''} onRetry={() => void mutate()} />;
  if (!data) return <Card>Loading…</Card>;
  return (
    <Card
      title={data.tradeName ?? `${data.firstName} ${data.lastName}`}
      actions={
        data.status === 'SUBMITTED' && (
          <Stack direction="row" gap="sm">
            <Button
              type="button"
              loading={approving}
              onClick={async () => {
                setApproving(true);
                try {
                  await mutate(await api.post<Application>(R.staffApprove(id)), { revalidate: false });
                  toast.success({ title: 'Approved', message: 'The account is active and 5 free deliveries are credited.' });
                  onDecided();
                } catch (err) {
                  toast.error({ title: 'Not approved', message: err instanceof Error ? err.message : '' });
                } finally {
                  setApproving(false);
                }
              }}
            >
              Approve
            </Button>
            <Button type="button" variant="danger" onClick={() => setRejecting(true)}>
              Reject
            </Button>
          </Stack>
        )
      }
    >
      <Stack gap="md">
        <DetailRows rows={applicationRows(data)} />
        <DocumentList application={data} />
      </Stack>
      <Modal open={rejecting} title="Reject this application" onClose={() => setRejecting(false)}>
        <Form<{ reason?: string }>
          onSubmit={async (values) => {
            try {
              await mutate(await api.post<Application>(R.staffReject(id), values), { revalidate: false });
              toast.success({ title: 'Rejected', message: 'The applicant sees your reason when they sign in.' });
              setRejecting(false);
              onDecided();
              return undefined;
            } catch (err) {
              return toSubmitErrors(err);
            }
          }}
          render={({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Reject application">
              <Stack gap="md">
                <TextField name="reason" label="Reason (the applicant sees it)" validate={validateReason} />
                <FormError />
                <div>
                  <Button type="submit" variant="danger" loading={submitting}>
                    Reject application
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

/** /app/staff/verifications: the provider's back office verifies registrations (staff only; the API enforces it). */
export function StaffVerificationsPage() {
  const base = useBasePath();
  const { data: profile } = useProfile();
  const [status, setStatus] = useState<RegistrationStatus>('SUBMITTED');
  const [selected, setSelected] = useState<string | null>(null);
  const { data, error, mutate } = useSWR<ApplicationSummary[]>(profile?.isStaff ? [R.staffQueue, { status }] : null, fetcher);
  const header = <PageHeader title="Verifications" crumbs={[{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Verifications' }]} />;

  if (profile && !profile.isStaff) {
    return (
      <>
        {header}
        <EmptyState title="Back office only" message="Verifying registrations is for the provider's staff." />
      </>
    );
  }
  return (
    <>
      {header}
      <Stack gap="lg">
        <label>
          Show{' '}
          <Select
            aria-label="Show applications"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(e) => {
              setStatus(e.currentTarget.value as RegistrationStatus);
              setSelected(null);
            }}
          />
        </label>
        {error && <ErrorPanel title="The queue could not be loaded" message={error instanceof Error ? error.message : ''} onRetry={() => void mutate()} />}
        {data && data.length === 0 && <EmptyState title="Nothing here" message="No applications with this status." />}
        {data && data.length > 0 && (
          <Card title={`${data.length} application${data.length === 1 ? '' : 's'}`}>
            <DataTable
              label="Applications"
              columns={[
                { key: 'applicant', header: 'Applicant', render: (a) => a.tradeName ?? a.name },
                { key: 'customerType', header: 'Type', render: (a) => (a.customerType ? CUSTOMER_TYPE_LABELS[a.customerType] : '—') },
                { key: 'city', header: 'City' },
                { key: 'mobile', header: 'Mobile', render: (a) => formatPhone(a.mobileNumber) },
                { key: 'submittedAt', header: 'Submitted', render: (a) => (a.submittedAt ? formatDateTime(a.submittedAt) : '—') },
                {
                  key: 'review',
                  header: '',
                  render: (a) => (
                    <Button type="button" size="sm" variant={a.id === selected ? 'primary' : 'secondary'} onClick={() => setSelected(a.id)} aria-label={`Review ${a.tradeName ?? a.name}`}>
                      Review
                    </Button>
                  ),
                },
              ]}
              rows={data}
              rowKey="id"
            />
          </Card>
        )}
        {selected && <ApplicationPanel key={selected} id={selected} onDecided={() => void mutate()} />}
      </Stack>
    </>
  );
}
