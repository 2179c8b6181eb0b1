import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { EMPLOYEE_ROLES, EMPLOYEE_ROLE_HINTS, EMPLOYEE_ROLE_LABELS, EmployeeInput, PATHS, type Employee } from 'shared-api';
import {
  Button,
  ButtonLink,
  Card,
  CheckboxField,
  Form,
  FormError,
  SelectField,
  Stack,
  TextField,
  formatPhone,
  required,
  toSubmitErrors,
  toast,
  validateEmail,
  validateMobile,
} from 'shared-ui';
import { registerEmployee } from './employees-api';

interface RegisterEmployeeValues {
  name?: string;
  mobileNumber?: string;
  email?: string;
  deliveryStaff?: boolean;
  employeeRole?: string;
}

// SPEC.md §5 employee form: name required, valid email, valid mobile number required.
const validateName = required('Name is required');
// The owner chooses what the login may do (issue 33 item 13): no role is given by default.
const validateRole = required('Choose a role');
const ROLE_CHOICES = EMPLOYEE_ROLES.map((role) => ({ value: role, label: `${EMPLOYEE_ROLE_LABELS[role]}: ${EMPLOYEE_ROLE_HINTS[role]}` }));
const digitsOnly = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

/** SPEC.md §2 "register employee": a login of the owner's unit for one employee (own mobile number, OTP sign-in). */
export function RegisterEmployeePage() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  async function submit(values: RegisterEmployeeValues) {
    try {
      // The shared contract trims and lower-cases exactly as the API will.
      const employee = await registerEmployee(EmployeeInput.parse(values));
      toast.success({ title: 'Employee registered', message: `${employee.name} can sign in with ${formatPhone(employee.mobileNumber)}.` });
      // Add the server's row to a cached list; with no list cached the list page fetches it anyway.
      await mutate<Employee[]>(PATHS.employees, (list) => list && [...list, employee], { revalidate: false });
      navigate('/employees');
      return undefined;
    } catch (error) {
      // E0029 (mobile/email already registered) and 400s come back with their field: shown on the form.
      return toSubmitErrors(error);
    }
  }

  return (
    <Card>
      <Form<RegisterEmployeeValues>
        onSubmit={submit}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Register employee">
            <Stack gap="md">
              <TextField name="name" label="Name" autoComplete="name" validate={validateName} />
              <TextField
                name="mobileNumber"
                label="Mobile number"
                hint="10 digits, without +91"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                parse={digitsOnly}
                validate={validateMobile}
              />
              <TextField name="email" label="Email" type="email" autoComplete="email" validate={validateEmail} />
              <SelectField name="employeeRole" label="Role" placeholder="Choose a role…" options={ROLE_CHOICES} validate={validateRole} hint="What this login may do; you can change it later on Logins." />
              <CheckboxField
                name="deliveryStaff"
                label="Delivery staff (can be assigned deliveries)"
                hint="They see their assigned pickups and deliveries under My Deliveries, and your unit can choose them as the delivery boy."
              />
              <FormError />
              <Stack direction="row" gap="sm">
                <Button type="submit" loading={submitting}>
                  Register employee
                </Button>
                <ButtonLink to="/employees" variant="secondary">
                  Cancel
                </ButtonLink>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Card>
  );
}
