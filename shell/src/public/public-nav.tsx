import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';

/**
 * How the public pages (landing, sign-in, legal) move to another page without importing react-router: the landing
 * page is also rendered by the signed-out entry (bootstrap.tsx), before the router and the app load. Inside the app
 * the route table provides the router's navigate (routes.tsx); the signed-out entry provides "load the app, then go
 * there"; with neither, a full page load.
 */
export type PublicNavigate = (to: string, options?: { replace?: boolean }) => void;

const fullPageLoad: PublicNavigate = (to, options) => (options?.replace ? window.location.replace(to) : window.location.assign(to));

const PublicNavContext = createContext<PublicNavigate>(fullPageLoad);

export function PublicNavProvider({ navigate, children }: { navigate: PublicNavigate; children: ReactNode }) {
  return <PublicNavContext.Provider value={navigate}>{children}</PublicNavContext.Provider>;
}

export function usePublicNavigate(): PublicNavigate {
  return useContext(PublicNavContext);
}

/** A plain link (new tab, copy link and the like work) that a plain click follows in place, as a router link does. */
export function PublicLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const navigate = usePublicNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} className={className} onClick={follow}>
      {children}
    </a>
  );
}
