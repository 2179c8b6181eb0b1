// Plain value lists, apart from the zod schemas: screens that need only these (the sign-in page) don't load zod.
export const CUSTOMER_TYPES = ['STOCKIST', 'RETAILER', 'HOSPITAL', 'SEASON_BOY', 'MANUFACTURER'] as const;
export const OS_TYPES = ['WINDOWS', 'MAC_OS', 'LINUX', 'ANDROID', 'IOS'] as const;
export const DEVICE_TYPES = ['Mobile', 'Tablet', 'Desktop'] as const;
