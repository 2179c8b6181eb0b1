import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-final-form';
import { Button } from '../buttons/Button';
import { CheckboxField, SelectField, TextField } from './fields';
import { FormError } from './FormError';
import { toSubmitErrors } from './submitErrors';
import { required, validateEmail, validateMobile } from './validators';

interface EmployeeValues {
  name?: string;
  mobileNumber?: string;
  email?: string;
}

function EmployeeForm({ onSubmit }: { onSubmit: (v: EmployeeValues) => Promise<unknown> }) {
  return (
    <Form<EmployeeValues>
      onSubmit={async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          return toSubmitErrors(error);
        }
      }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <FormError />
          <TextField name="name" label="Name" validate={required('Name is required')} />
          <TextField name="mobileNumber" label="Mobile number" inputMode="numeric" validate={validateMobile} />
          <TextField name="email" label="Email" type="email" validate={validateEmail} />
          <Button type="submit" loading={submitting}>
            Register
          </Button>
        </form>
      )}
    />
  );
}

describe('TextField', () => {
  it('shows no error until touched, then the validator message', async () => {
    const user = userEvent.setup();
    render(<EmployeeForm onSubmit={async () => {}} />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'suresh');
    expect(screen.queryByText('Enter a valid email')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email');
  });

  it('reserves the message line, so an error shown on blur moves nothing below it (the submit click is not lost)', async () => {
    const user = userEvent.setup();
    render(<EmployeeForm onSubmit={async () => {}} />);
    const name = screen.getByLabelText('Name');
    const line = name.nextElementSibling!;
    // One line of error text (13 px at line-height 1.5) is there before any error is.
    expect(getComputedStyle(line).minHeight).toBe('calc(13px * 1.5)');
    expect(line).toBeEmptyDOMElement();
    const shape = () => [...document.querySelectorAll('form > *, form > * > *')].map((el) => el.tagName);
    const before = shape();
    await user.click(name);
    await user.tab();
    expect(name.nextElementSibling).toBe(line);
    expect(line).toHaveTextContent('Name is required');
    expect(shape()).toEqual(before);
  });

  it('shows every message on submit and does not call onSubmit', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async () => {});
    render(<EmployeeForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Mobile number is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async () => {});
    render(<EmployeeForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Suresh Patil');
    await user.type(screen.getByLabelText('Mobile number'), '9800000011');
    await user.type(screen.getByLabelText('Email'), 'suresh.patil@agarwalpharma.in');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Suresh Patil', mobileNumber: '9800000011', email: 'suresh.patil@agarwalpharma.in' });
  });

  it('shows API field errors and the form error from toSubmitErrors', async () => {
    const user = userEvent.setup();
    const apiError = Object.assign(new Error('email/mobile already registered'), {
      code: 'E0029',
      status: 400,
      fields: { mobileNumber: 'This mobile number is already registered' },
    });
    render(<EmployeeForm onSubmit={() => Promise.reject(apiError)} />);
    await user.type(screen.getByLabelText('Name'), 'Suresh Patil');
    await user.type(screen.getByLabelText('Mobile number'), '9800000011');
    await user.type(screen.getByLabelText('Email'), 'suresh.patil@agarwalpharma.in');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This mobile number is already registered')).toBeInTheDocument();
    expect(screen.getByText('email/mobile already registered')).toBeInTheDocument();

    // Editing the field clears its server error.
    await user.type(screen.getByLabelText('Mobile number'), '{Backspace}2');
    expect(screen.queryByText('This mobile number is already registered')).not.toBeInTheDocument();
  });
});

describe('SelectField and CheckboxField', () => {
  it('validate like text fields', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <Form
        onSubmit={onSubmit}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <SelectField
              name="customerType"
              label="Customer type"
              placeholder="Select…"
              options={[
                { value: 'RETAILER', label: 'Retailer' },
                { value: 'HOSPITAL', label: 'Hospital' },
              ]}
              validate={required('Customer type is required')}
            />
            <CheckboxField name="terms" label="I accept the terms and conditions" validate={required('Accept terms and conditions')} />
            <button type="submit">Continue</button>
          </form>
        )}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Customer type is required')).toBeInTheDocument();
    expect(screen.getByText('Accept terms and conditions')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Customer type'), 'HOSPITAL');
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({ customerType: 'HOSPITAL', terms: true }, expect.anything(), expect.anything());
  });
});

describe('toSubmitErrors', () => {
  it('maps fields (nested paths too) and the message', () => {
    expect(toSubmitErrors({ message: 'Bad input', fields: { email: 'Enter a valid email', 'address.pincode': 'Invalid' } })).toEqual({
      email: 'Enter a valid email',
      address: { pincode: 'Invalid' },
      'FINAL_FORM/form-error': 'Bad input',
    });
  });
  it('falls back to a general message', () => {
    expect(toSubmitErrors('boom')).toEqual({ 'FINAL_FORM/form-error': 'Something went wrong' });
  });
});
