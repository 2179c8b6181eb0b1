import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS, type Employee } from 'shared-api';
import { getToasts } from 'shared-ui';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';
import { MEENA, SURESH } from './fixtures.test-kit';

/** An API holding `employees` for the owner's unit: list and delete, as api/src/modules/employees does. */
function employeesApi(initial: Employee[]) {
  let employees = [...initial];
  return installFakeApi(
    withAccount(OWNER_ACCOUNT, (request: FakeRequest) => {
      if (request.method === 'GET' && request.path === PATHS.employees) return success(employees);
      const changed = employees.find((e) => request.method === 'PUT' && request.path === PATHS.employeeRole(e.id));
      if (changed) {
        const saved = { ...changed, employeeRole: (request.body as Pick<Employee, 'employeeRole'>).employeeRole };
        employees = employees.map((e) => (e === changed ? saved : e));
        return success(saved);
      }
      const deleted = employees.find((e) => request.method === 'DELETE' && request.path === PATHS.deleteEmployee(e.id));
      if (deleted) {
        employees = employees.filter((e) => e !== deleted);
        return success(null);
      }
      return failure(404, 'E0002', 'Not found');
    }),
  );
}

const openEmployees = () => renderAt('/app', 'employees', withProviders(<App />));

describe('employees list', () => {
  afterEach(resetFakeApi);

  it('shows the employees the API returns: name, +91 mobile, email, en-IN date', async () => {
    employeesApi([SURESH, MEENA]);
    openEmployees();
    const table = await screen.findByRole('table', { name: 'Employee logins' });
    const suresh = (await within(table).findByText('Suresh Patil')).closest('tr')!;
    expect(within(suresh).getByText('+91 98000 00011')).toBeInTheDocument();
    expect(within(suresh).getByText('suresh.patil@agarwalpharma.in')).toBeInTheDocument();
    expect(within(suresh).getByText('20/11/2026')).toBeInTheDocument();
    const meena = within(table).getByText('Meena Kulkarni').closest('tr')!;
    // Delivery staff may be assigned the unit's deliveries (issue 12).
    expect(within(table).getByRole('columnheader', { name: 'Delivery staff' })).toBeInTheDocument();
    expect(within(suresh).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(within(meena).getByRole('cell', { name: 'No' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register employee' })).toHaveAttribute('href', '/app/employees/register');
  });

  it('shows each login’s role and lets the owner change it (issue 33 item 13)', async () => {
    const requests = employeesApi([SURESH, MEENA]);
    openEmployees();
    const table = await screen.findByRole('table', { name: 'Employee logins' });
    expect(within(table).getByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
    const role = await within(table).findByRole('combobox', { name: 'Role of Suresh Patil' });
    expect(role).toHaveValue('MANAGER');
    const save = within(table).getByRole('button', { name: 'Save role of Suresh Patil' });
    // Nothing to save until the owner picks another role.
    expect(save).toBeDisabled();
    await userEvent.selectOptions(role, 'DELIVERY');
    await userEvent.click(save);

    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toEqual([{ method: 'PUT', path: PATHS.employeeRole(SURESH.id), body: { employeeRole: 'DELIVERY' } }]));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Role changed', message: 'Suresh Patil is now Delivery.' })]));
    expect(within(table).getByRole('combobox', { name: 'Role of Suresh Patil' })).toHaveValue('DELIVERY');
    expect(within(table).getByRole('combobox', { name: 'Role of Meena Kulkarni' })).toHaveValue('MANAGER');
  });

  it('says so when the unit has no employee logins', async () => {
    employeesApi([]);
    openEmployees();
    expect(await screen.findByText('No employee logins yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an error panel with retry when the list cannot be loaded', async () => {
    let fail = true;
    installFakeApi(
      withAccount(OWNER_ACCOUNT, () => (fail ? failure(400, 'E0001', 'Invalid request') : success([SURESH]))),
    );
    openEmployees();
    expect(await screen.findByText('Employees could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Suresh Patil')).toBeInTheDocument();
  });

  it('asks for confirmation before deleting, and cancelling deletes nothing', async () => {
    const requests = employeesApi([SURESH, MEENA]);
    openEmployees();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Suresh Patil' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete employee login?' });
    expect(dialog).toHaveTextContent('Suresh Patil (+91 98000 00011) will be signed out');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(screen.getByText('Suresh Patil')).toBeInTheDocument();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    const requests = employeesApi([SURESH, MEENA]);
    openEmployees();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Suresh Patil' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Suresh Patil')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Meena Kulkarni')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([PATHS.deleteEmployee(SURESH.id)]);
    // Refetched from the server after the delete.
    await waitFor(() => expect(requests.filter((r) => r.path === PATHS.employees)).toHaveLength(2));
    expect(getToasts().map((t) => t.title)).toEqual(['Employee deleted']);
  });

  it('keeps the dialog open with the message when the delete fails', async () => {
    installFakeApi(
      withAccount(OWNER_ACCOUNT, (request) =>
        request.method === 'DELETE' ? failure(404, 'E0002', 'Not found') : success([SURESH]),
      ),
    );
    openEmployees();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Suresh Patil' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Not found');
    expect(screen.getByText('Suresh Patil', { selector: 'td' })).toBeInTheDocument();
  });

  it('an employee (not the owner) gets access denied and the list is never asked for', async () => {
    const requests = installFakeApi(withAccount({ ...OWNER_ACCOUNT, role: 'EMPLOYEE' }, () => success([SURESH])));
    openEmployees();
    expect(await screen.findByRole('alert')).toHaveTextContent("Employee logins are managed by your unit's owner.");
    expect(screen.queryByRole('link', { name: 'Register employee' })).not.toBeInTheDocument();
    // The API would refuse it (OWNER only); asking anyway would only cost a refresh round trip.
    expect(requests.map((r) => r.path)).toEqual([PATHS.myAccount]);
  });
});
