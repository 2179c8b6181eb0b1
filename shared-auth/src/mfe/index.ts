// Micro-frontend plumbing: the contract between the shell and its remotes, and the standalone dev frame.
export { type RemoteAppProps, type RemoteLifecycles, isRemoteLifecycles } from './types';
export { createRemoteApp } from './createRemoteApp';
export { RemoteErrorBoundary } from './RemoteErrorBoundary';
export { ParcelMount, type ParcelMountProps } from './ParcelMount';
export { OtpSignInForm, OTP_RESEND_SECONDS } from './OtpSignInForm';
export { DevShell, startStandalone } from './DevShell';
export { RouteTable, isRedirect, prefixesOf, NOT_FOUND_PATH, type RouteEntry, type PageRoute, type RedirectRoute } from './RouteTable';
