import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS, type Employee } from 'shared-api';
import { getToasts } from 'shared-ui';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';
import { SURESH } from './fixtures.test-kit';

const NEW_EMPLOYEE: Employee = {
  id: '5d0c2a4e-7d1b-4c55-9a52-2f3f0f6a1b09',
  name: 'Kavita Joshi',
  mobileNumber: '9800000019',
  email: 'kavita.joshi@agarwalpharma.in',
  deliveryStaff: false,
  employeeRole: 'BILLING',
  createdAt: '2026-11-22T09:30:00.000Z',
};

/** An API like api/src/modules/employees: a number or email already in use answers E0029 on mobileNumber. */
function employeesApi() {
  const employees: Employee[] = [SURESH];
  return installFakeApi(
    withAccount(OWNER_ACCOUNT, (request: FakeRequest) => {
      if (request.method === 'GET' && request.path === PATHS.employees) return success(employees);
      if (request.method === 'POST' && request.path === PATHS.addEmployee) {
        const body = request.body as { mobileNumber: string; email: string };
        if (employees.some((e) => e.mobileNumber === body.mobileNumber || e.email === body.email)) {
          return failure(409, 'E0029', 'email/mobile already registered', {
            mobileNumber: 'This mobile number or email is already registered',
          });
        }
        const sent = request.body as Pick<Employee, 'deliveryStaff' | 'employeeRole'>;
        const created = { ...NEW_EMPLOYEE, deliveryStaff: sent.deliveryStaff || sent.employeeRole === 'DELIVERY', employeeRole: sent.employeeRole };
        employees.push(created);
        return success(created);
      }
      return failure(404, 'E0002', 'Not found');
    }),
  );
}

const openRegister = () => renderAt('/app', 'employees/register', withProviders(<App />));
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Register employee' }));

async function fill(values: { name?: string; mobile?: string; email?: string; role?: string }) {
  if (values.name !== undefined) await userEvent.type(screen.getByLabelText('Name'), values.name);
  if (values.mobile !== undefined) await userEvent.type(screen.getByLabelText('Mobile number'), values.mobile);
  if (values.email !== undefined) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.role !== undefined) await userEvent.selectOptions(screen.getByLabelText('Role'), values.role);
}

describe('register employee', () => {
  afterEach(resetFakeApi);

  it('shows the SPEC.md §5 messages for an empty form and sends nothing', async () => {
    const requests = employeesApi();
    openRegister();
    await screen.findByRole('form', { name: 'Register employee' });
    await submit();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Mobile number is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    // Issue 33 item 13: no role is given by default; the owner chooses one.
    expect(screen.getByText('Choose a role')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('rejects an invalid email and mobile number', async () => {
    const requests = employeesApi();
    openRegister();
    await screen.findByRole('form', { name: 'Register employee' });
    await fill({ name: 'Kavita Joshi', mobile: '12345', email: 'kavita@' });
    await submit();
    expect(screen.getByText('Enter a valid 10-digit mobile number')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('keeps only digits in the mobile number', async () => {
    employeesApi();
    openRegister();
    await screen.findByRole('form', { name: 'Register employee' });
    await fill({ mobile: '98000-000 19' });
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9800000019');
  });

  it('registers valid input, says so and goes back to the refreshed list', async () => {
    const requests = employeesApi();
    openRegister();
    await screen.findByRole('form', { name: 'Register employee' });
    await fill({ name: '  Kavita Joshi ', mobile: '9800000019', email: 'Kavita.Joshi@AgarwalPharma.in', role: 'BILLING' });
    await submit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Employees' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: PATHS.addEmployee,
        body: { name: 'Kavita Joshi', mobileNumber: '9800000019', email: 'kavita.joshi@agarwalpharma.in', deliveryStaff: false, employeeRole: 'BILLING' },
      },
    ]);
    expect(await screen.findByText('Kavita Joshi')).toBeInTheDocument();
    expect(screen.getByText('Suresh Patil')).toBeInTheDocument();
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Employee registered' })]);
  });

  it('marks the employee as delivery staff when the box is ticked, and the list says so', async () => {
    const requests = employeesApi();
    openRegister();
    await screen.findByRole('form', { name: 'Register employee' });
    const box = screen.getByRole('checkbox', { name: 'Delivery staff (can be assigned deliveries)' });
    expect(box).not.toBeChecked();
    await fill({ name: 'Kavita Joshi', mobile: '9800000019', email: 'kavita.joshi@agarwalpharma.in', role: 'WAREHOUSE' });
    await userEvent.click(box);
    await submit();

    const table = await screen.findByRole('table', { name: 'Employee logins' });
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { name: 'Kavita Joshi', mobileNumber: '9800000019', email: 'kavita.joshi@agarwalpharma.in', deliveryStaff: true, employeeRole: 'WAREHOUSE' },
    ]);
    const kavita = (await within(table).findByText('Kavita Joshi')).closest('tr')!;
    expect(within(kavita).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
  });

  it('shows E0029 (mobile/email already registered) on the form', async () => {
    employeesApi();
    openRegister();
    await screen.findByRole('form', { name: 'Register employee' });
    await fill({ name: 'Suresh Again', mobile: SURESH.mobileNumber, email: 'someone.else@agarwalpharma.in', role: 'MANAGER' });
    await submit();

    expect(await screen.findByText('email/mobile already registered')).toBeInTheDocument();
    expect(screen.getByText('This mobile number or email is already registered')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Register Employee' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register employee' })).toBeEnabled());
    expect(getToasts()).toEqual([]);
  });

  it('an employee (not the owner) cannot open the form', async () => {
    installFakeApi(withAccount({ ...OWNER_ACCOUNT, role: 'EMPLOYEE' }));
    openRegister();
    expect(await screen.findByRole('alert')).toHaveTextContent("Employee logins are managed by your unit's owner.");
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
