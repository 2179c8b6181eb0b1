import { useEffect, useRef } from 'react';
import { mountRootParcel } from 'single-spa';
import type { RemoteLifecycles } from './types';

export interface ParcelMountProps {
  lifecycles: RemoteLifecycles;
  basename: string;
  /** A lifecycle that throws (mount failed) is reported here instead of breaking the host's tree. */
  onError: (error: Error) => void;
}

/**
 * Mounts a remote's lifecycles as a single-spa root parcel into this component's own element, and unmounts
 * it when the component goes away or `basename` changes. Used by the shell's RemoteOutlet and by DevShell.
 */
export function ParcelMount({ lifecycles, basename, onError }: ParcelMountProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  useEffect(() => {
    const domElement = hostRef.current;
    if (!domElement) return;
    const parcel = mountRootParcel<{ basename: string }>(lifecycles, { domElement, basename });
    parcel.mountPromise.catch((error: unknown) => {
      if (hostRef.current) onErrorRef.current(error instanceof Error ? error : new Error(String(error)));
    });
    return () => {
      // Unmount after mount settles (single-spa refuses to unmount a parcel still mounting); a failed mount has nothing to unmount.
      parcel.mountPromise
        .then(
          () => parcel.unmount(),
          () => null,
        )
        .catch((error: unknown) => console.error('[remote] unmount failed', error));
    };
  }, [lifecycles, basename]);

  return <div ref={hostRef} data-testid="remote-parcel" />;
}
