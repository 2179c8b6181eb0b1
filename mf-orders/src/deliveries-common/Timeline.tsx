import styled from 'styled-components';
import type { ConsignmentEvent } from 'shared-api';
import { ConsignmentStatusBadge, formatDateTime, theme } from 'shared-ui';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0 0 0 ${theme.space.md};
  border-left: 2px solid ${theme.colors.border};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;
const Item = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  &::before {
    content: '';
    position: absolute;
    left: calc(-${theme.space.md} - 7px);
    top: 4px;
    width: 12px;
    height: 12px;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.primary};
  }
`;
const Meta = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** A consignment's status history, oldest first as it happened: who moved it, when, and why (failed, cancelled). */
export function Timeline({ events }: { events: readonly ConsignmentEvent[] }) {
  if (events.length === 0) return <Meta>No status changes yet.</Meta>;
  return (
    <List aria-label="Status history">
      {events.map((e, i) => (
        <Item key={`${e.at}-${i}`}>
          <span>
            <ConsignmentStatusBadge status={e.status} />
          </span>
          <Meta>
            {formatDateTime(e.at)} · {e.by}
          </Meta>
          {e.reason && <span>{e.reason}</span>}
        </Item>
      ))}
    </List>
  );
}
