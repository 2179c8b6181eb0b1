import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { AddStock, ExpiryDate, Quantity, UnitPricePaise } from 'shared-api';
import { Button, ButtonLink, Card, Form, FormError, Stack, TextField, composeValidators, optional, required, toSubmitErrors, toast } from 'shared-ui';
import { addStock } from '../inventory-api';

interface AddStockValues {
  productName?: string;
  manufacturer?: string;
  pack?: string;
  composition?: string;
  hsn?: string;
  batchNo?: string;
  expiryDate?: string;
  mrp?: string;
  ptr?: string;
  pts?: string;
  quantity?: string;
  scheme?: string;
}

const RUPEES = /^\d+(\.\d{1,2})?$/;
const rupees = (message: string) => (value: unknown) => (RUPEES.test(String(value ?? '').replace(/,/g, '')) ? undefined : message);
const toPaise = (value: string | undefined) => (value ? Math.round(Number(value.replace(/,/g, '')) * 100) : undefined);
const today = () => new Date().toISOString().slice(0, 10);
/** The contract's own bound on a field (the API refuses the same value with the same words), e.g. at most ₹1 crore. */
const withinContract =
  (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, toValue: (v: string) => unknown) =>
  (value: unknown) => {
    const parsed = schema.safeParse(toValue(String(value ?? '')));
    return parsed.success ? undefined : parsed.error?.issues[0]?.message;
  };
const price = withinContract(UnitPricePaise, (v) => toPaise(v));

// The upload's rules: MRP not below PTR, whole quantity, expiry after today, scheme as "10+1".
const validateMrp = composeValidators(required('MRP is required'), rupees('MRP in rupees, e.g. 33.60'), price, (value: unknown, all?: object) => {
  const ptr = (all as AddStockValues | undefined)?.ptr;
  return ptr && RUPEES.test(ptr) && Number(value) < Number(ptr) ? 'MRP cannot be below PTR' : undefined;
});
const validateQuantity = composeValidators(
  required('Quantity is required'),
  (v: unknown) => (/^[1-9]\d*$/.test(String(v)) ? undefined : 'A whole number of packs'),
  withinContract(Quantity, Number),
);
const validateExpiry = composeValidators(required('Expiry is required'), withinContract(ExpiryDate, String), (v: unknown) => (String(v) > today() ? undefined : 'Expired stock cannot be added'));
const validateScheme = optional((v: unknown) => (/^\d+\s*\+\s*\d+$/.test(String(v)) ? undefined : 'Write the scheme as 10+1'));

/** SPEC.md §2 stocks/add: one batch by hand into the active warehouse. */
export function AddStockPage() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  async function submit(v: AddStockValues) {
    const scheme = v.scheme ? /^(\d+)\s*\+\s*(\d+)$/.exec(v.scheme) : null;
    try {
      const batch = await addStock(
        AddStock.parse({
          productName: v.productName,
          manufacturer: v.manufacturer,
          pack: v.pack ?? '',
          composition: v.composition || undefined,
          hsn: v.hsn || undefined,
          batchNo: v.batchNo,
          expiryDate: v.expiryDate,
          mrpPaise: toPaise(v.mrp),
          ptrPaise: toPaise(v.ptr),
          ptsPaise: toPaise(v.pts),
          quantity: Number(v.quantity),
          schemeBuy: scheme ? Number(scheme[1]) : undefined,
          schemeFree: scheme ? Number(scheme[2]) : undefined,
        }),
      );
      toast.success({ title: 'Stock added', message: `${batch.productName}, batch ${batch.batchNo}: ${batch.quantity} in stock.` });
      // Stored, but not for sale until the HSN has a GST rate: the batch page offers the fix.
      if (batch.notForSale) toast.info({ title: 'Not offered for sale', message: batch.notForSale });
      await mutate((key) => (Array.isArray(key) ? String(key[0]) : String(key)).startsWith('/tenants/inventory'));
      navigate(`/stocks/${batch.id}`);
      return undefined;
    } catch (error) {
      return toSubmitErrors(error);
    }
  }

  return (
    <Card>
      <Form<AddStockValues>
        onSubmit={submit}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Add stock">
            <Stack gap="md">
              <TextField name="productName" label="Product name" validate={required('Product name is required')} />
              <TextField name="manufacturer" label="Manufacturer" validate={required('Manufacturer is required')} />
              <TextField name="pack" label="Pack" hint="e.g. 15 Tab, 100 ml" />
              <TextField name="composition" label="Composition" />
              <TextField name="hsn" label="HSN" hint="4 to 8 digits, e.g. 3004" inputMode="numeric" validate={optional((v: unknown) => (/^\d{4,8}$/.test(String(v)) ? undefined : 'HSN is 4 to 8 digits'))} />
              <TextField name="batchNo" label="Batch" validate={required('Batch is required')} />
              <TextField name="expiryDate" label="Expiry" type="date" validate={validateExpiry} />
              <TextField name="mrp" label="MRP (₹)" inputMode="decimal" validate={validateMrp} />
              <TextField name="ptr" label="PTR (₹)" inputMode="decimal" validate={composeValidators(required('PTR is required'), rupees('PTR in rupees, e.g. 26.88'), price)} />
              <TextField name="pts" label="PTS (₹)" inputMode="decimal" validate={optional(composeValidators(rupees('PTS in rupees'), price))} />
              <TextField name="quantity" label="Quantity" inputMode="numeric" validate={validateQuantity} />
              <TextField name="scheme" label="Scheme" hint="e.g. 10+1 (buy 10, get 1 free)" validate={validateScheme} />
              <FormError />
              <Stack direction="row" gap="sm">
                <Button type="submit" loading={submitting}>
                  Add stock
                </Button>
                <ButtonLink to="/stocks/list" variant="secondary">
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
