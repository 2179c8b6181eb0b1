import styled from 'styled-components';
import { Button } from '../buttons/Button';
import { theme } from '../theme';

const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
  border-bottom: 1px solid ${theme.colors.border};
  padding-bottom: ${theme.space.xs};
  @media print {
    display: none;
  }
`;

export interface TabItem {
  id: string;
  label: string;
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
}

/**
 * Views of one page ("Ledger" / "Outstanding"). The page renders the selected view in a
 * `role="tabpanel"` itself, and usually keeps the choice in the URL so it can be linked.
 */
export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  return (
    <TabList role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <Button key={t.id} type="button" role="tab" aria-selected={selected === t.id} variant={selected === t.id ? 'primary' : 'ghost'} size="sm" onClick={() => onSelect(t.id)}>
          {t.label}
        </Button>
      ))}
    </TabList>
  );
}
