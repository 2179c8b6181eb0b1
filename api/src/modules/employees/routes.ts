import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Employee, EmployeeIdParams, EmployeeInput, EmployeeList, EmployeeRoleInput, PATHS } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { EmployeesService } from './service';

/** Only the unit's owner manages its employee logins. */
const OWNER_ONLY = requireRole({ permission: 'OWNER_ONLY' });

export const employeesRoutes: FastifyPluginAsyncZod<{ employees: EmployeesService }> = async (app, { employees }) => {
  const security = [{ bearerAuth: [] }];

  app.get(PATHS.employees, {
    config: OWNER_ONLY,
    schema: { tags: ['employees'], summary: "The unit's employee logins", security, response: replies(EmployeeList) },
    handler: async (request) => ok(await employees.list(callerOf(request))),
  });

  app.post(PATHS.addEmployee, {
    config: OWNER_ONLY,
    schema: {
      tags: ['employees'],
      summary: 'Register an employee login (own mobile number, signs in by OTP)',
      security,
      body: EmployeeInput,
      response: replies(Employee),
    },
    handler: async (request) => ok(await employees.add(callerOf(request), request.body)),
  });

  app.put(routePattern(PATHS.employeeRole, 'employeeId'), {
    config: OWNER_ONLY,
    schema: {
      tags: ['employees'],
      summary: "Give an employee login a role (what it may do; from the login's next request)",
      security,
      params: EmployeeIdParams,
      body: EmployeeRoleInput,
      response: replies(Employee),
    },
    handler: async (request) => ok(await employees.setRole(callerOf(request), request.params.employeeId, request.body.employeeRole)),
  });

  app.delete(routePattern(PATHS.deleteEmployee, 'employeeId'), {
    config: OWNER_ONLY,
    schema: {
      tags: ['employees'],
      summary: 'Delete an employee login and end their sessions',
      security,
      params: EmployeeIdParams,
      response: replies(z.null()),
    },
    handler: async (request) => {
      await employees.remove(callerOf(request), request.params.employeeId);
      return ok(null);
    },
  });
};
