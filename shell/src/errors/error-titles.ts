/** Titles of the error page (SPEC.md §2): 400, 401, 403, 404, 500; any other code reads as a general error. */
export const ERROR_TITLES: Readonly<Record<string, string>> = {
  '400': 'Bad request',
  '401': 'Please sign in',
  '403': 'Access denied',
  '404': 'Page not found',
  '500': 'Something went wrong on our side',
};

export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  '400': 'The request could not be understood. Please check the address and try again.',
  '401': 'You need to be signed in to see this page.',
  '403': 'You do not have permission to see this page.',
  '404': 'The page you are looking for does not exist or has moved.',
  '500': 'The server could not complete the request. Please try again later.',
};

export function errorTitle(code: string | undefined): string {
  return (code && ERROR_TITLES[code]) || 'Something went wrong';
}
