import { NEXT_STATUSES, type ConsignmentDetail, type ConsignmentRole, type ConsignmentStatus } from 'shared-api';
import type { Caller } from '../../http/access';

/*
 * Who a caller is to a consignment, and what that lets it do: the one rule behind every deliveries route (reads
 * answer 404 to a caller with no role; writes refuse an action not in `actionsFor` with E0013 or 404).
 */

/** The columns the rule reads. */
export interface ConsignmentParties {
  owner_unit_id: string;
  receiver_unit_id: string | null;
  assignee_user_id: string | null;
  status: ConsignmentStatus;
}

/**
 * The caller's roles, strongest first: the assignee acts on the road even when it is also in the owner unit (an
 * employee marked as delivery staff). Empty: the caller may not even see it.
 */
export function rolesOf(caller: Caller, c: ConsignmentParties): ConsignmentRole[] {
  const roles: ConsignmentRole[] = [];
  if (c.assignee_user_id === caller.userId) roles.push('ASSIGNEE');
  if (c.owner_unit_id === caller.unitId) roles.push('OWNER');
  if (c.receiver_unit_id === caller.unitId && c.receiver_unit_id !== c.owner_unit_id) roles.push('RECEIVER');
  return roles;
}

export type ConsignmentAction = ConsignmentDetail['actions'][number];

const ON_THE_ROAD: readonly ConsignmentStatus[] = ['COLLECTED', 'IN_TRANSIT', 'FAILED'];

/** What the caller may do now, from its roles and the status (NEXT_STATUSES is the state machine). */
export function actionsFor(caller: Caller, c: ConsignmentParties): ConsignmentAction[] {
  const roles = rolesOf(caller, c);
  const next = NEXT_STATUSES[c.status];
  const actions = new Set<ConsignmentAction>();
  const owner = roles.includes('OWNER');
  const assignee = roles.includes('ASSIGNEE');
  // The pin goes to the receiving unit; an OFFLINE COLLECT is received by its owner.
  const receiver = roles.includes('RECEIVER') || (owner && c.receiver_unit_id === c.owner_unit_id);
  if (owner) {
    if (c.status === 'BOOKED' || c.status === 'ASSIGNED') actions.add('ASSIGN');
    if (next.includes('CANCELLED')) actions.add('CANCEL');
    actions.add('LABEL');
  }
  if (assignee) {
    if (next.includes('COLLECTED')) actions.add('COLLECT');
    if (next.includes('IN_TRANSIT')) actions.add('START_TRIP');
    if (next.includes('DELIVERED')) actions.add('DELIVER');
    if (next.includes('FAILED')) actions.add('FAIL');
    if (next.includes('RETURNED')) actions.add('RETURN');
    if (c.status !== 'CANCELLED' && c.status !== 'BOOKED') actions.add('ADD_PROOF');
    if (ON_THE_ROAD.includes(c.status) || c.status === 'ASSIGNED') {
      if (c.receiver_unit_id) actions.add('RING_RECEIVER');
      actions.add('RING_SENDER');
    }
  }
  if ((receiver || owner) && c.assignee_user_id && (ON_THE_ROAD.includes(c.status) || c.status === 'ASSIGNED') && !assignee) actions.add('REQUEST_CALL');
  // The owner too: an OFFLINE SEND's receiver is not on the platform and gets its pin by SMS. Never the delivery boy
  // (also when his own unit receives): a new pin would unlock his own wrong tries.
  if ((receiver || owner) && !assignee && (c.status === 'IN_TRANSIT' || c.status === 'FAILED')) actions.add('REISSUE_PIN');
  return [...actions];
}
