import type { ConsignmentParty } from 'shared-api';
import styled from 'styled-components';
import { formatPhone } from 'shared-ui';

const Address = styled.address`
  font-style: normal;
`;

/** A tel: link that dials from a phone (and shows the number readably everywhere). */
export const PhoneLink = ({ mobile, name }: { mobile: string; name?: string }) => (
  <a href={`tel:+91${mobile.replace(/\D/g, '').slice(-10)}`} aria-label={name ? `Call ${name} on ${formatPhone(mobile)}` : undefined}>
    {formatPhone(mobile)}
  </a>
);

/** One end of the trip as the label prints it: name and code, address, landmark, city and pincode, mobile. */
export function PartyDetails({ party }: { party: ConsignmentParty }) {
  const place = [party.city, party.pincode].filter(Boolean).join(' ');
  return (
    <Address>
      <strong>{party.name}</strong>
      {party.unitCode && <> ({party.unitCode})</>}
      {party.addressLine && <div>{party.addressLine}</div>}
      {party.landmark && <div>Landmark: {party.landmark}</div>}
      {place && <div>{place}</div>}
      {party.mobile && (
        <div>
          <PhoneLink mobile={party.mobile} name={party.name} />
        </div>
      )}
    </Address>
  );
}
