import type { ListedType, MyAccount } from 'shared-api';
import { canManageEmployees, customerListTypes } from 'shared-auth';
import { ButtonLink } from 'shared-ui';
import { CustomerListPage } from './customers/CustomerListPage';
import { EmployeesPage } from './employees/EmployeesPage';
import { RegisterEmployeePage } from './employees/RegisterEmployeePage';
import { RouteTable, type PageRoute, type RouteEntry } from 'shared-auth';

const CUSTOMERS = { label: 'Customers', to: '/customers' };
const EMPLOYEES = { label: 'Employees', to: '/employees' };

/** SPEC.md §6: a STOCKIST lists stockists, hospitals and retailers; a RETAILER or HOSPITAL only stockists. */
const customerList = (customerType: ListedType): Pick<PageRoute, 'element' | 'access'> => ({
  element: <CustomerListPage customerType={customerType} />,
  access: {
    allow: (account: MyAccount) => customerListTypes(account.customerType).includes(customerType),
    denied: 'Your account type can list stockists only.',
  },
});

/** The API lets only the unit's owner list, register and delete employee logins. */
const employeesAccess: PageRoute['access'] = {
  allow: (account) => canManageEmployees(account.role),
  denied: "Employee logins are managed by your unit's owner.",
};

/** SPEC.md §2 customers and employees: every screen of mf-customers. */
export const routes: readonly RouteEntry[] = [
  // The customers index is the stockist list.
  { path: 'customers', title: 'Stockists', crumbs: [CUSTOMERS], ...customerList('STOCKIST') },
  { path: 'customers/stockists', title: 'Stockists', crumbs: [CUSTOMERS], ...customerList('STOCKIST') },
  { path: 'customers/hospitals', title: 'Hospitals', crumbs: [CUSTOMERS], ...customerList('HOSPITAL') },
  { path: 'customers/retailers', title: 'Retailers', crumbs: [CUSTOMERS], ...customerList('RETAILER') },
  {
    path: 'employees',
    title: 'Employees',
    crumbs: [],
    access: employeesAccess,
    actions: <ButtonLink to="/employees/register">Register employee</ButtonLink>,
    element: <EmployeesPage />,
  },
  {
    path: 'employees/register',
    title: 'Register Employee',
    crumbs: [EMPLOYEES],
    access: employeesAccess,
    element: <RegisterEmployeePage />,
  },
];

/** The remote's root component: createRemoteApp (src/app.tsx) wraps it in providers, router and error boundary. */
export function App() {
  return <RouteTable routes={routes} />;
}
