import { useNavigate } from 'react-router-dom';
import { NewHeadInput, type AccountGroup } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, Form, FormError, SelectField, Stack, TextField, composeValidators, required, toSubmitErrors, toast, type Validator } from 'shared-ui';
import { useRevalidateBooks } from '../books-common/revalidate';
import { GROUP_OPTIONS, HEADS_DASHBOARD_PATH, addHead } from './heads-api';

interface Values {
  name?: string;
  group?: AccountGroup;
}

// The contract's own rule, so the form and the API say the same thing.
const nameRule: Validator = (value) => {
  const parsed = NewHeadInput.shape.name.safeParse(typeof value === 'string' ? value : '');
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

/** heads/add: a custom head under one of the groups (an expense, a bank, a loan, …). */
export function AddHeadPage() {
  const navigate = useNavigate();
  const revalidate = useRevalidateBooks();

  async function submit(values: Values) {
    try {
      const head = await addHead(NewHeadInput.parse(values));
      toast.success({ title: 'Head added', message: `${head.name} is ready for entries.` });
      void revalidate();
      navigate(HEADS_DASHBOARD_PATH);
      return undefined;
    } catch (err) {
      // A name already in the books belongs to the name field.
      if (isApiError(err) && err.code === 'E0009') return { name: 'A head with this name already exists in your books' };
      return toSubmitErrors(err);
    }
  }

  return (
    <Card title="New account head">
      <Form<Values>
        onSubmit={submit}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Account head">
            <Stack gap="md">
              <TextField name="name" label="Name" placeholder="e.g. Shop rent" maxLength={80} validate={composeValidators(required('Enter a name'), nameRule)} />
              <SelectField name="group" label="Group" placeholder="Choose a group…" options={GROUP_OPTIONS} validate={required('Choose a group')} />
              <FormError />
              <Stack direction="row" gap="sm">
                <Button type="submit" loading={submitting}>
                  Add head
                </Button>
                <Button type="button" variant="secondary" onClick={() => navigate(HEADS_DASHBOARD_PATH)}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Card>
  );
}
