import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { REGISTRATION_PATHS, type Application } from 'shared-api';
import { failure, installFakeApi, resetFakeApi } from 'shared-auth/testing/fake-api';
import { IdentifiersStep, MobileStep, inviteOf } from './RegistrationPage';

const draft: Application = {
  id: 'r1', status: 'DRAFT', step: 3, mobileNumber: '9700000901', customerType: 'STOCKIST', firstName: 'Asha', lastName: 'Iyer', email: 'asha@iyerpharma.in',
  pincode: '560001', addressLine: '3, Avenue Road', landmark: 'Near circle', city: 'Bengaluru', district: 'Bengaluru Urban', state: 'Karnataka',
  latitude: 12.97, longitude: 77.58, tradeName: null, certificateTradeName: null, gstin: null, pan: null, drugLicence1: null, drugLicence2: null,
  foodLicence: null, aadhaar: null, dateOfBirth: null, drivingLicence: null, vehicleNumber: null, vehicleType: null, documents: [],
  submittedAt: null, decidedAt: null, rejectionReason: null, unitCode: null,
};

function renderStep(app: Application) {
  const onSaved = jest.fn();
  render(
    <MemoryRouter>
      <IdentifiersStep app={app} onSaved={onSaved} onBack={() => undefined} />
    </MemoryRouter>,
  );
  return onSaved;
}

describe('registration: trade identifiers (SPEC.md §5)', () => {
  it('asks a stockist for GSTIN or PAN and both wholesale drug licences before anything is sent', async () => {
    const onSaved = renderStep(draft);
    expect(screen.getByLabelText('Drug licence 1 (Form 20B)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Trade name is required')).toBeInTheDocument();
    expect(screen.getAllByText('Either GSTIN or PAN is needed')).toHaveLength(2);
    expect(screen.getByText('Drug licence 1 is required')).toBeInTheDocument();
    expect(screen.getByText('Drug licence 2 is required')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('checks the GSTIN and that the trade name matches the GST certificate', async () => {
    renderStep(draft);
    await userEvent.type(screen.getByLabelText('Trade name'), 'Iyer Pharma');
    await userEvent.type(screen.getByLabelText('GSTIN'), '29AAPFU0939F1ZX');
    await userEvent.type(screen.getByLabelText('Trade name as printed on the GST certificate'), 'Iyer Pharmaceuticals');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter a valid GSTIN')).toBeInTheDocument();
    expect(screen.getByText('Trade name must match the GST certificate')).toBeInTheDocument();
    expect(screen.getByText('Drug licence 1 is required')).toBeInTheDocument();
  });

  it('asks a season boy for Aadhaar, date of birth, driving licence and vehicle instead', async () => {
    renderStep({ ...draft, customerType: 'SEASON_BOY' });
    await userEvent.type(screen.getByLabelText('Aadhaar number'), '2341 2341 2345');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter a valid Aadhaar number')).toBeInTheDocument();
    for (const message of ['Date of birth is required', 'Driving licence is required', 'Vehicle number is required', 'Vehicle type is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('GSTIN')).not.toBeInTheDocument();
  });
});

describe('registration: the mobile number', () => {
  afterEach(resetFakeApi);

  it('says an already-registered number is registered, in a sentence with a link to sign in', async () => {
    const requests = installFakeApi((request) =>
      request.path === REGISTRATION_PATHS.otp ? failure(409, 'E0029', 'email/mobile already registered') : failure(404, 'E0002', 'Not found'),
    );
    const onVerified = jest.fn();
    render(
      <MemoryRouter>
        <MobileStep onVerified={onVerified} />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('Mobile number'), '9800000001');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This number is already registered. Sign in instead.');
    expect(screen.getByRole('link', { name: 'Sign in instead.' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('email/mobile already registered')).not.toBeInTheDocument();
    expect(requests.map((r) => [r.path, r.body])).toEqual([[REGISTRATION_PATHS.otp, { mobileNumber: '9800000001', resend: false }]]);

    // Another number: the sentence goes, it belongs to the refused number only.
    await userEvent.clear(screen.getByLabelText('Mobile number'));
    await userEvent.type(screen.getByLabelText('Mobile number'), '9800000009');
    expect(screen.queryByText(/already registered/)).not.toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();
  });
});

describe('registration: a trading partner\'s invite (move-in SMS link)', () => {
  it('fills the mobile number, trade name and GSTIN from the link, and ignores what does not have the field\'s shape', () => {
    const invite = inviteOf(new URLSearchParams('name=Kale+Medicals&mobile=9812345678&gstin=27AAPFK1234L1Z5&pincode=411001&ref=STK-PUN-001'));
    expect(invite).toEqual({ name: 'Kale Medicals', mobile: '9812345678', gstin: '27AAPFK1234L1Z5', pincode: '411001', ref: 'STK-PUN-001' });
    expect(inviteOf(new URLSearchParams('mobile=12345&gstin=<script>'))).toBeUndefined();
    expect(inviteOf(new URLSearchParams(''))).toBeUndefined();

    const { unmount } = render(
      <MemoryRouter>
        <MobileStep onVerified={() => undefined} invite={invite} />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('9812345678');
    unmount();
    render(
      <MemoryRouter>
        <IdentifiersStep app={draft} onSaved={() => undefined} onBack={() => undefined} invite={invite} />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('Trade name')).toHaveValue('Kale Medicals');
    expect(screen.getByLabelText('GSTIN')).toHaveValue('27AAPFK1234L1Z5');
  });
});
