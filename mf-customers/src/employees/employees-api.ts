import useSWR from 'swr';
import { PATHS, type Employee, type EmployeeInput, type EmployeeRole } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';

/** The unit's employee logins (GET PATHS.employees; the API allows the unit's OWNER only). */
export function useEmployees() {
  return useSWR<Employee[], ApiError>(PATHS.employees, fetcher);
}

/** Registers a login for an employee; they then sign in with their own mobile number and OTP. */
export function registerEmployee(input: EmployeeInput): Promise<Employee> {
  return api.post<Employee>(PATHS.addEmployee, input);
}

/** Gives an employee login a role (owner only); it applies from that login's next request. */
export function setEmployeeRole(employeeId: string, employeeRole: EmployeeRole): Promise<Employee> {
  return api.put<Employee>(PATHS.employeeRole(employeeId), { employeeRole });
}

/** Deletes an employee login; the API ends that employee's sessions at once. */
export function deleteEmployee(employeeId: string): Promise<null> {
  return api.delete<null>(PATHS.deleteEmployee(employeeId));
}
