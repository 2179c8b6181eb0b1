import { useLocation } from 'react-router-dom';

/** '/app' when the current URL is the /app variant, '' for the top-level mirror (SPEC.md §2). */
export function basePathOf(pathname: string): '/app' | '' {
  return pathname === '/app' || pathname.startsWith('/app/') ? '/app' : '';
}

/** A signed-in path without the /app prefix: '/app/orders/x' and '/orders/x' both give '/orders/x'. */
export function withoutBase(pathname: string): string {
  return basePathOf(pathname) ? pathname.slice('/app'.length) || '/' : pathname;
}

/** Links stay in the variant the user opened: `${base}/profile`. */
export function useBasePath(): '/app' | '' {
  return basePathOf(useLocation().pathname);
}
