import { sql } from 'kysely';
import { GST_STATES, stateCodeOf, supplyKind, type DocumentParty, type SupplyKind } from 'shared-api';
import type { Database } from '../../db/database';

/** A unit as a GST document names it; stateCode null when neither its GSTIN nor its address says. */
export interface UnitTaxDetails extends Omit<DocumentParty, 'stateCode' | 'stateName'> {
  unitId: string;
  stateCode: string | null;
}

/**
 * Units' names, addresses and tax identifiers: the GSTIN and drug licences come from the unit's latest registration
 * (what staff verified), the address from the unit.
 */
export async function unitTaxDetails(db: Database, unitIds: readonly string[]): Promise<Map<string, UnitTaxDetails>> {
  const details = new Map<string, UnitTaxDetails>();
  if (!unitIds.length) return details;
  const { rows } = await sql<{
    id: string;
    unit_code: string;
    trade_name: string;
    address_line: string | null;
    city: string;
    state: string | null;
    pincode: string | null;
    whatsapp_number: string | null;
    gstin: string | null;
    drug_licence_1: string | null;
    drug_licence_2: string | null;
    registered_state: string | null;
  }>`
    SELECT u.id, u.unit_code, u.trade_name, u.address_line, u.city, u.state, u.pincode, u.whatsapp_number,
           r.gstin, r.drug_licence_1, r.drug_licence_2, r.state AS registered_state
    FROM units u
    LEFT JOIN LATERAL (
      SELECT gstin, drug_licence_1, drug_licence_2, state FROM registrations WHERE unit_id = u.id ORDER BY created_at DESC LIMIT 1
    ) r ON true
    WHERE u.id = ANY(${[...unitIds]}::uuid[])`.execute(db);
  for (const r of rows) {
    const state = r.state ?? r.registered_state;
    details.set(r.id, {
      unitId: r.id,
      unitCode: r.unit_code,
      name: r.trade_name,
      address: [r.address_line, r.city, [state, r.pincode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      gstin: r.gstin,
      stateCode: stateCodeOf({ gstin: r.gstin, state }),
      drugLicences: [r.drug_licence_1, r.drug_licence_2].filter((d): d is string => !!d),
      phone: r.whatsapp_number ? `+91 ${r.whatsapp_number}` : null,
    });
  }
  return details;
}

/**
 * Place of supply of goods sent to the recipient: the recipient's state; when it is unknown (an unregistered buyer
 * without an address state) the supply is taken to be inside the supplier's state.
 */
export function placeOfSupply(supplierStateCode: string, recipient: Pick<UnitTaxDetails, 'stateCode'>): { code: string; name: string; kind: SupplyKind } {
  const code = recipient.stateCode ?? supplierStateCode;
  return { code, name: GST_STATES[code] ?? code, kind: supplyKind(supplierStateCode, code) };
}

/** The party block a document prints, with its state spelled out. */
export function asDocumentParty(unit: UnitTaxDetails, fallbackStateCode: string): DocumentParty {
  const stateCode = unit.stateCode ?? fallbackStateCode;
  return {
    unitCode: unit.unitCode,
    name: unit.name,
    address: unit.address,
    gstin: unit.gstin,
    stateCode,
    stateName: GST_STATES[stateCode] ?? stateCode,
    drugLicences: unit.drugLicences,
    phone: unit.phone,
  };
}

/** Between two units: CGST + SGST or IGST (orders price with this; an unknown state counts as the seller's). */
export async function supplyBetween(db: Database, sellerUnitId: string, buyerUnitId: string): Promise<SupplyKind> {
  const units = await unitTaxDetails(db, [sellerUnitId, buyerUnitId]);
  const sellerState = units.get(sellerUnitId)?.stateCode;
  if (!sellerState) return 'INTRA';
  return placeOfSupply(sellerState, { stateCode: units.get(buyerUnitId)?.stateCode ?? null }).kind;
}
