/** Paths of SPEC.md §7, relative to the API base URL. One place, used by the API routes and the screens. */
export const PATHS = {
  otpLogin: '/medico/otp/login',
  otpVerify: '/medico/otp/login/verify',
  otpResend: '/medico/otp/login/resend',
  refreshToken: '/medico/refresh-token',
  logout: '/medico/logout',
  myAccount: '/b2bapp/myaccount',
  warehouses: '/b2bapp/group/warehouses',
  setActiveWarehouse: (id: string) => `/b2bapp/group/active/${encodeURIComponent(id)}`,
  employees: '/b2bapp/employee/all',
  addEmployee: '/b2bapp/employee/add',
  deleteEmployee: (employeeId: string) => `/b2bapp/employee/delete/${encodeURIComponent(employeeId)}`,
  notifications: '/notifications/all',
  cart: '/cart',
  firebaseAddToken: '/notifications/firebase/add-token',
  /** Test-only (never in production): the last OTP sent to a number. */
  testLastOtp: '/test/otp/last',
} as const;
