import type { ConnectedUser, ConnectionStatus, ListedType } from 'shared-api';

export const PLURAL: Record<ListedType, string> = { STOCKIST: 'stockists', HOSPITAL: 'hospitals', RETAILER: 'retailers' };

/** What a status means from the caller's side: a pending request was either sent or received. */
export function statusLabel(status: ConnectionStatus, callerSide: ConnectedUser['callerSide']): string {
  switch (status) {
    case 'PENDING':
      return callerSide === 'SELLER' ? 'Request received' : 'Request sent';
    case 'APPROVED':
      return 'Connected';
    case 'DECLINED':
      return 'Declined';
    case 'DISCONNECTED':
      return 'Disconnected';
  }
}

export const STATUS_FILTERS = [
  { value: 'ALL', label: 'All statuses' },
  { value: 'APPROVED', label: 'Connected' },
  { value: 'PENDING', label: 'Pending requests' },
  { value: 'DECLINED', label: 'Declined' },
  { value: 'DISCONNECTED', label: 'Disconnected' },
] as const;
