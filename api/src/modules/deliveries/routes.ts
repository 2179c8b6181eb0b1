import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddProofImage,
  Assignment,
  ChangeStatus,
  ConsignmentCounts,
  ConsignmentDetail,
  ConsignmentList,
  ConsignmentQuery,
  CreateOfflinePickup,
  CreateOnlinePickup,
  DispatchByTransport,
  CancelEwayBill,
  DELIVERY_PATHS,
  DeliverWithPin,
  EWAYBILL_PATHS,
  ExtendEwayBill,
  GenerateEwayBill,
  UpdateEwayBillVehicle,
  DeliveryBoyList,
  LabelQuery,
  MarketList,
  MyDeliveries,
  PROOF_IMAGE_MAX_BYTES,
  PickupGraph,
  PickupGraphQuery,
  ProofImage,
  ReadyOrderList,
  ReportPosition,
  Ring,
  TrackingList,
  TrackingQuery,
  type Permission,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { sendFile } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import type { EwayBillsService } from '../eway-bills/service';
import type { ConsignmentReader } from './read';
import type { DeliveriesService } from './service';

/*
 * SPEC.md §7 delivery/*: DELIVERY_PATHS in shared-api/src/delivery.ts. Every route is open to any signed-in caller:
 * who may do what is decided per consignment (access.ts: the owner, the receiver, the assignee, nobody else → 404).
 * Writes answer the consignment as the caller now sees it, read after the commit.
 */

const ConsignmentParams = z.object({ consignmentId: z.string().uuid('No such consignment') });
const DetailParams = z.object({ barcodeOrId: z.string().trim().min(1).max(64) });
const ImageParams = ConsignmentParams.extend({ imageId: z.string().min(1).max(64) });
const CountsQuery = ConsignmentQuery.omit({ page: true, pageSize: true });
const ANY = (permission: Permission) => requireRole({ permission });
/** Booking uses the platform's delivery service (and its billing): verified units only. */
const TRADING = (permission: Permission) => requireRole({ permission, activeOnly: true });
/** Base64 of the largest photo, plus room for the JSON around it: bigger bodies are refused by fastify with 413. */
const IMAGE_BODY_LIMIT = Math.ceil((PROOF_IMAGE_MAX_BYTES * 4) / 3) + 16 * 1024;

/** A path with two parameters (routePattern takes one). */
const imagePattern = () => DELIVERY_PATHS.image('CONSIGNMENTMARKER', 'IMAGEMARKER').replace('CONSIGNMENTMARKER', ':consignmentId').replace('IMAGEMARKER', ':imageId');

export const deliveriesRoutes: FastifyPluginAsyncZod<{ deliveries: DeliveriesService; reader: ConsignmentReader; ewayBills: EwayBillsService }> = async (app, { deliveries, reader, ewayBills }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['deliveries'];
  const byId = (pattern: (id: string) => string) => routePattern(pattern, 'consignmentId');

  // ---- markets, delivery boys, orders ready to dispatch ----

  app.get(DELIVERY_PATHS.markets, {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'The delivery markets (service areas): both ends of a trip must lie in one', security, response: replies(MarketList) },
    handler: async () => ok(await deliveries.markets()),
  });

  app.get(DELIVERY_PATHS.deliveryBoys, {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'Whom the unit can assign: connected season boys and its delivery staff, with their open consignments', security, response: replies(DeliveryBoyList) },
    handler: async (request) => ok(await deliveries.deliveryBoys(callerOf(request))),
  });

  app.get(DELIVERY_PATHS.readyOrders, {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'Accepted orders the caller sold with no live consignment yet', security, response: replies(ReadyOrderList) },
    handler: async (request) => ok(await reader.readyOrders(callerOf(request))),
  });

  // ---- booking ----

  app.post(DELIVERY_PATHS.createOnline, {
    config: TRADING('PICKUPS'),
    schema: { tags, summary: 'Book the pickup of an accepted order (E0009 already booked, E0061 outstation)', security, body: CreateOnlinePickup, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await deliveries.createOnline(caller, request.body)));
    },
  });

  app.post(DELIVERY_PATHS.dispatchByTransport, {
    config: TRADING('PICKUPS'),
    schema: { tags, summary: 'Dispatch an accepted order by own transport or a courier/transporter, any markets (E0009 already booked)', security, body: DispatchByTransport, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await deliveries.dispatchByTransport(caller, request.body)));
    },
  });

  app.post(DELIVERY_PATHS.createOffline, {
    config: TRADING('PICKUPS'),
    schema: { tags, summary: 'Book an offline pickup: send goods to a party or collect them from it (E0061 outside the market)', security, body: CreateOfflinePickup, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await deliveries.createOffline(caller, request.body)));
    },
  });

  // ---- reading ----

  app.get(DELIVERY_PATHS.consignments, {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'The orders overview: consignments the caller sends or receives, newest first', security, querystring: ConsignmentQuery, response: replies(ConsignmentList) },
    handler: async (request) => ok(await reader.list(callerOf(request), request.query)),
  });

  app.get(DELIVERY_PATHS.counts, {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'Consignments per status (the overview filters, no paging)', security, querystring: CountsQuery, response: replies(ConsignmentCounts) },
    handler: async (request) => ok(await reader.counts(callerOf(request), request.query)),
  });

  app.get(routePattern(DELIVERY_PATHS.consignment, 'barcodeOrId'), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: 'One consignment by barcode id or id: timeline, proof, pin (receiver), position, actions', security, params: DetailParams, response: replies(ConsignmentDetail) },
    handler: async (request) => ok(await reader.detail(callerOf(request), request.params.barcodeOrId)),
  });

  app.get(DELIVERY_PATHS.tracking, {
    config: ANY('PICKUPS'),
    schema: { tags, summary: "What is on its way to or from the caller's unit, most urgent first, with timeline, position and (for the receiver) the pin", security, querystring: TrackingQuery, response: replies(TrackingList) },
    handler: async (request) => ok(await reader.tracking(callerOf(request), request.query.side)),
  });

  app.get(DELIVERY_PATHS.myDeliveries, {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: "The delivery boy's day: assigned and unfinished, and finished today", security, response: replies(MyDeliveries) },
    handler: async (request) => ok(await reader.mine(callerOf(request))),
  });

  app.get(byId(DELIVERY_PATHS.label), {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'The thermal label (100 × 150 mm) with the Code 128 barcode, PDF or SVG (the sender)', security, params: ConsignmentParams, querystring: LabelQuery, produces: ['application/pdf', 'image/svg+xml'] },
    handler: async (request, reply) => sendFile(reply, await reader.label(callerOf(request), request.params.consignmentId, request.query.format)),
  });

  app.get(DELIVERY_PATHS.onlinePickupsGraph, {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'Online pickups booked per day', security, querystring: PickupGraphQuery, response: replies(PickupGraph) },
    handler: async (request) => ok(await reader.graph(callerOf(request), 'ONLINE', request.query.days)),
  });

  app.get(DELIVERY_PATHS.offlinePickupsGraph, {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'Offline pickups booked per day', security, querystring: PickupGraphQuery, response: replies(PickupGraph) },
    handler: async (request) => ok(await reader.graph(callerOf(request), 'OFFLINE', request.query.days)),
  });

  // ---- acting on a consignment ----

  app.post(byId(DELIVERY_PATHS.assign), {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'Assign (or reassign) the delivery boy and vehicle (the sender; booked or assigned)', security, params: ConsignmentParams, body: Assignment, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await deliveries.assign(caller, request.params.consignmentId, request.body)));
    },
  });

  app.post(byId(DELIVERY_PATHS.status), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: 'Collected, in transit (a new pin), failed, returned (the delivery boy) or cancelled (the sender); E0013 otherwise', security, params: ConsignmentParams, body: ChangeStatus, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await deliveries.changeStatus(caller, request.params.consignmentId, request.body)));
    },
  });

  app.post(byId(DELIVERY_PATHS.deliver), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: "Delivered, with the receiver's pin (E0003 wrong or expired, E0004 locked after 5 wrong tries); a transport: by the seller with its proof of delivery, or the buyer, no pin", security, params: ConsignmentParams, body: DeliverWithPin, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await deliveries.deliver(caller, request.params.consignmentId, request.body.pin)));
    },
  });

  app.post(byId(DELIVERY_PATHS.reissuePin), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: 'A new delivery pin for the receiver (receiver or sender; in transit or failed): unlocks it', security, params: ConsignmentParams, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await deliveries.reissuePin(caller, request.params.consignmentId)));
    },
  });

  app.post(byId(DELIVERY_PATHS.addImage), {
    config: ANY('DELIVERIES_OWN'),
    bodyLimit: IMAGE_BODY_LIMIT,
    schema: { tags, summary: "Add a proof photo (the delivery boy; JPEG, PNG or WebP up to 2 MB, 8 per consignment), or a transport's proof of delivery (the seller; also PDF)", security, params: ConsignmentParams, body: AddProofImage, response: replies(ProofImage) },
    handler: async (request) => ok(await deliveries.addImage(callerOf(request), request.params.consignmentId, request.body)),
  });

  app.get(imagePattern(), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: 'One proof photo (the two parties and the delivery boy; E0056 unknown)', security, params: ImageParams, produces: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] },
    handler: async (request, reply) => sendFile(reply, await deliveries.image(callerOf(request), request.params.consignmentId, request.params.imageId)),
  });

  app.post(byId(DELIVERY_PATHS.ring), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: 'The delivery boy rings the receiver or the sender (RING2ALERT)', security, params: ConsignmentParams, body: Ring, response: replies(z.null()) },
    handler: async (request) => {
      await deliveries.ring(callerOf(request), request.params.consignmentId, request.body);
      return ok(null);
    },
  });

  app.post(byId(DELIVERY_PATHS.callRequest), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: 'The sender or receiver asks the delivery boy to call (CALL_REQUEST)', security, params: ConsignmentParams, response: replies(z.null()) },
    handler: async (request) => {
      await deliveries.callRequest(callerOf(request), request.params.consignmentId);
      return ok(null);
    },
  });

  // ---- the e-way bill (issue 34): the portal is asked first; 503 E0041 when it cannot be reached, 409 E0013 when it refuses ----

  app.post(byId(EWAYBILL_PATHS.generate), {
    config: ANY('PICKUPS'),
    schema: { tags, summary: "Generate the consignment's e-way bill (the sender): Part A from its documents, Part B from its vehicle", security, params: ConsignmentParams, body: GenerateEwayBill, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await ewayBills.generate(caller, request.params.consignmentId, request.body)));
    },
  });

  app.post(byId(EWAYBILL_PATHS.vehicle), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: "Change the e-way bill's vehicle, Part B (the sender or the assigned delivery boy)", security, params: ConsignmentParams, body: UpdateEwayBillVehicle, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await ewayBills.updateVehicle(caller, request.params.consignmentId, request.body)));
    },
  });

  app.post(byId(EWAYBILL_PATHS.cancel), {
    config: ANY('PICKUPS'),
    schema: { tags, summary: 'Cancel the e-way bill (the sender; within 24 hours of generating it, before the goods move)', security, params: ConsignmentParams, body: CancelEwayBill, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await ewayBills.cancel(caller, request.params.consignmentId, request.body)));
    },
  });

  app.post(byId(EWAYBILL_PATHS.extend), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: "Extend the e-way bill's validity (the sender or the assigned delivery boy; around its end)", security, params: ConsignmentParams, body: ExtendEwayBill, response: replies(ConsignmentDetail) },
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await reader.detail(caller, await ewayBills.extend(caller, request.params.consignmentId, request.body)));
    },
  });

  app.get(byId(EWAYBILL_PATHS.bulkJson), {
    config: ANY('PICKUPS'),
    schema: { tags, summary: "The e-way bill portal's bulk-upload JSON for this consignment (the sender; units that upload by hand)", security, params: ConsignmentParams, produces: ['application/json'] },
    handler: async (request, reply) => sendFile(reply, await ewayBills.bulkJson(callerOf(request), request.params.consignmentId)),
  });

  app.post(byId(DELIVERY_PATHS.position), {
    config: ANY('DELIVERIES_OWN'),
    schema: { tags, summary: "The delivery boy's position while in transit (sent by the browser with consent)", security, params: ConsignmentParams, body: ReportPosition, response: replies(z.null()) },
    handler: async (request) => {
      await deliveries.position(callerOf(request), request.params.consignmentId, request.body);
      return ok(null);
    },
  });
};
