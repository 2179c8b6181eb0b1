import styled from 'styled-components';
import { theme } from 'shared-ui';

export const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${theme.space.sm} ${theme.space.xl};
  margin: 0;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: ${theme.fontWeights.medium};
  }
`;

export function DetailRows({ rows }: { rows: [string, string][] }) {
  return (
    <Details>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Details>
  );
}
