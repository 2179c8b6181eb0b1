import styled from 'styled-components';
import type { DocumentParty } from 'shared-api';
import { Card, DetailList, theme } from 'shared-ui';

/** The supplier and recipient cards side by side (stacked when narrow). */
export const Parties = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: ${theme.space.md};
`;

/** One party of a tax document; `licences` adds the drug licences and phone a tax invoice prints (Rule 46). */
export function PartyCard({ title, party, licences = false }: { title: string; party: DocumentParty; licences?: boolean }) {
  return (
    <Card title={title} aria-label={title}>
      <DetailList>
        <dt>Name</dt>
        <dd>{party.unitCode ? `${party.name} (${party.unitCode})` : party.name}</dd>
        <dt>Address</dt>
        <dd>{party.address || '—'}</dd>
        <dt>GSTIN</dt>
        <dd>{party.gstin ?? 'Unregistered'}</dd>
        <dt>State</dt>
        <dd>
          {party.stateName} ({party.stateCode})
        </dd>
        {licences && (
          <>
            <dt>Drug licences</dt>
            <dd>{party.drugLicences.join(', ') || '—'}</dd>
            {party.phone && (
              <>
                <dt>Phone</dt>
                <dd>{party.phone}</dd>
              </>
            )}
          </>
        )}
      </DetailList>
    </Card>
  );
}
