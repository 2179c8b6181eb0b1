import { useState } from 'react';
import { EMPLOYEE_ROLE_LABELS, EmployeeRoleInput, type Employee, type EmployeeRole } from 'shared-api';
import {
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorPanel,
  Form,
  FormError,
  SelectField,
  Stack,
  VisuallyHidden,
  formatDate,
  formatPhone,
  toSubmitErrors,
  toast,
  type DataTableColumn,
} from 'shared-ui';
import { deleteEmployee, setEmployeeRole, useEmployees } from './employees-api';

const ROLE_OPTIONS = Object.entries(EMPLOYEE_ROLE_LABELS).map(([value, label]) => ({ value, label }));

/** One login's role, changed by the owner in place (issue 33 item 13); the login's next request uses it. */
function RoleForm({ employee, onSaved }: { employee: Employee; onSaved: (saved: Employee) => Promise<unknown> }) {
  async function submit(values: { employeeRole?: EmployeeRole }) {
    try {
      const saved = await setEmployeeRole(employee.id, EmployeeRoleInput.parse(values).employeeRole);
      toast.success({ title: 'Role changed', message: `${saved.name} is now ${EMPLOYEE_ROLE_LABELS[saved.employeeRole]}.` });
      await onSaved(saved);
      return undefined;
    } catch (error) {
      return toSubmitErrors(error);
    }
  }
  return (
    <Form<{ employeeRole?: EmployeeRole }>
      onSubmit={submit}
      initialValues={{ employeeRole: employee.employeeRole }}
      render={({ handleSubmit, submitting, pristine }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={`Role of ${employee.name}`}>
          <Stack direction="row" gap="sm" align="flex-start">
            <SelectField name="employeeRole" label={<VisuallyHidden>Role of {employee.name}</VisuallyHidden>} options={ROLE_OPTIONS} />
            <Button type="submit" size="sm" variant="secondary" loading={submitting} disabled={pristine} aria-label={`Save role of ${employee.name}`}>
              Save
            </Button>
          </Stack>
          <FormError />
        </form>
      )}
    />
  );
}

/** The unit's employee logins (SPEC.md §2 "employees: logins list"), each deletable after a confirmation. */
export function EmployeesPage() {
  const { data: employees, error, isLoading, mutate } = useEmployees();
  const [toDelete, setToDelete] = useState<Employee | null>(null);

  if (error && !employees) {
    return <ErrorPanel title="Employees could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  }
  if (employees?.length === 0) {
    return (
      <EmptyState
        title="No employee logins yet"
        message="Register an employee to give them their own login: they sign in with their mobile number and act for your unit."
      />
    );
  }

  const columns: DataTableColumn<Employee>[] = [
    { key: 'name', header: 'Name', sortable: true },
    { key: 'mobileNumber', header: 'Mobile', render: (e) => formatPhone(e.mobileNumber) },
    { key: 'email', header: 'Email', sortable: true },
    {
      key: 'employeeRole',
      header: 'Role',
      render: (e) => <RoleForm employee={e} onSaved={(saved) => mutate((list) => list?.map((x) => (x.id === saved.id ? saved : x)))} />,
    },
    { key: 'deliveryStaff', header: 'Delivery staff', render: (e) => (e.deliveryStaff ? 'Yes' : 'No') },
    { key: 'createdAt', header: 'Added on', sortable: true, render: (e) => formatDate(e.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (e) => (
        <Button type="button" variant="danger" size="sm" aria-label={`Delete ${e.name}`} onClick={() => setToDelete(e)}>
          Delete
        </Button>
      ),
    },
  ];

  async function confirmDelete(employee: Employee) {
    await deleteEmployee(employee.id);
    toast.success({ title: 'Employee deleted', message: `${employee.name} can no longer sign in.` });
    setToDelete(null);
    // Drop the row at once, then refetch so the list is the server's.
    await mutate((list) => list?.filter((e) => e.id !== employee.id));
  }

  return (
    <>
      <DataTable label="Employee logins" columns={columns} rows={employees ?? []} rowKey="id" loading={isLoading} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete employee login?"
        message={
          toDelete && (
            <>
              {toDelete.name} ({formatPhone(toDelete.mobileNumber)}) will be signed out and can no longer sign in for your unit.
            </>
          )
        }
        confirmLabel="Delete"
        variant="danger"
        onConfirm={() => (toDelete ? confirmDelete(toDelete) : undefined)}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
