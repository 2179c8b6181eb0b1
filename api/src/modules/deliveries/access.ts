import { NEXT_STATUSES, hasPermission, type ConsignmentDetail, type ConsignmentRole, type ConsignmentStatus } from 'shared-api';
import type { Caller } from '../../http/access';
import { mayCancel } from '../eway-bills/validity';

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
  /** Times it went IN_TRANSIT: an e-way bill can be cancelled only before the goods ever moved. */
  attempts: number;
  /** DELIVERY_BOY, or TRANSPORT (transportActions): no delivery boy, no pin. */
  carrier: 'DELIVERY_BOY' | 'TRANSPORT';
}

/** What the e-way bill actions depend on (eway-bills/service.ts reads them). */
export interface EwbFacts {
  /** The goods' value is known: an invoiced order, or an offline pickup's declared goods. */
  goodsKnown: boolean;
  /** The live bill, if any; `extendableFrom`/`extendableUntil` bound its extension window (null: no validity yet). */
  active: { generatedAt: Date; extensions: number; extendableFrom: Date | null; extendableUntil: Date | null } | null;
  now: Date;
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

/**
 * What the caller may do now, from its roles and the status (NEXT_STATUSES is the state machine); with `ewb`, the
 * e-way bill's actions too (without it none of them is offered).
 */
export function actionsFor(caller: Caller, c: ConsignmentParties, ewb?: EwbFacts): ConsignmentAction[] {
  if (c.carrier === 'TRANSPORT') return [...transportActions(caller, c), ...(ewb ? ewbActions(caller, c, rolesOf(caller, c), ewb) : [])];
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
  if (ewb) for (const a of ewbActions(caller, c, roles, ewb)) actions.add(a);
  return [...actions];
}

/**
 * A transport (issue 39): the seller hands it over (START_TRIP: BOOKED → IN_TRANSIT, when it waited for its e-way
 * bill) or cancels it before, uploads the transporter's proof of delivery and marks it delivered; the buyer may
 * confirm it received the goods (DELIVER) while it is on its way. Nobody carries it on the platform.
 */
function transportActions(caller: Caller, c: ConsignmentParties): ConsignmentAction[] {
  const roles = rolesOf(caller, c);
  const actions: ConsignmentAction[] = [];
  if (roles.includes('OWNER')) {
    actions.push('LABEL');
    if (c.status === 'BOOKED') actions.push('START_TRIP', 'CANCEL');
    if (c.status === 'IN_TRANSIT') actions.push('DELIVER');
    if (c.status === 'IN_TRANSIT' || c.status === 'DELIVERED') actions.push('ADD_PROOF');
  }
  if (roles.includes('RECEIVER') && c.status === 'IN_TRANSIT') actions.push('DELIVER');
  return actions;
}

/** The owner's side of the e-way bill: the owner unit's owner, or its employee whose role books pickups. */
export function isSender(caller: Caller, c: ConsignmentParties): boolean {
  return rolesOf(caller, c).includes('OWNER') && hasPermission(caller, 'PICKUPS');
}

/** Before a trip starts: the goods have not left, or are back with the delivery boy after a failed attempt. */
const BEFORE_TRIP: readonly ConsignmentStatus[] = ['BOOKED', 'ASSIGNED', 'COLLECTED', 'FAILED'];
const FINISHED: readonly ConsignmentStatus[] = ['DELIVERED', 'RETURNED', 'CANCELLED'];

/**
 * The e-way bill's actions (issue 34). On the owner's side only someone who books pickups (the owner, or an employee
 * whose role grants PICKUPS): a DELIVERY employee of the unit acts on the road only as the assignee. The unit may
 * always choose to generate one, also below the threshold.
 */
function ewbActions(caller: Caller, c: ConsignmentParties, roles: ConsignmentRole[], ewb: EwbFacts): ConsignmentAction[] {
  const sender = isSender(caller, c);
  const carrier = roles.includes('ASSIGNEE');
  const actions: ConsignmentAction[] = [];
  const now = ewb.now.getTime();
  if (sender && ewb.goodsKnown && !ewb.active && BEFORE_TRIP.includes(c.status)) actions.push('GENERATE_EWB');
  if (!ewb.active) return actions;
  if ((sender || carrier) && !FINISHED.includes(c.status)) actions.push('UPDATE_EWB_VEHICLE');
  // Within the cancel window, never once the goods have moved (it may have been verified on the road) or it was extended.
  if (sender && c.attempts === 0 && ewb.active.extensions === 0 && mayCancel(ewb.active.generatedAt, ewb.now)) actions.push('CANCEL_EWB');
  const { extendableFrom, extendableUntil } = ewb.active;
  if ((sender || carrier) && !FINISHED.includes(c.status) && extendableFrom && extendableUntil && now >= extendableFrom.getTime() && now <= extendableUntil.getTime()) actions.push('EXTEND_EWB');
  return actions;
}
