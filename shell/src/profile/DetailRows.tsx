import { DetailList } from 'shared-ui';

export function DetailRows({ rows }: { rows: [string, string][] }) {
  return (
    <DetailList>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </DetailList>
  );
}
