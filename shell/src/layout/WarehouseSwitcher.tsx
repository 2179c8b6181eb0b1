import { useCallback, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Warehouse } from 'shared-api';
import { setActiveWarehouse } from 'shared-auth';
import { theme, toast } from 'shared-ui';
import { icons } from './icons';
import { useClickOutside } from './use-click-outside';

/** SPEC.md §8: the warehouse switch failure toast. */
export const SWITCH_FAILED = { title: 'Error', message: 'Something went wrong. Please try again later.' } as const;

const Wrapper = styled.div`
  position: relative;
`;
const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  height: 36px;
  padding: 0 ${theme.space.sm};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font: inherit;
  cursor: pointer;
  max-width: 220px;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;
const Menu = styled.ul`
  position: absolute;
  top: calc(100% + 4px);
  right: 0;
  min-width: 240px;
  margin: 0;
  padding: ${theme.space.xs} 0;
  list-style: none;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.md};
  z-index: ${theme.zIndex.dropdown};
`;
const Option = styled.button<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  width: 100%;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 0;
  background: ${({ $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  small {
    color: ${theme.colors.textMuted};
  }
`;

export interface WarehouseSwitcherProps {
  warehouses: readonly Warehouse[];
  /** After a successful switch the page reloads (SPEC.md §4); tests pass a spy. */
  reload?: () => void;
}

/**
 * SPEC.md §4: choosing another warehouse makes it active on the server, refreshes the list and reloads the
 * page; choosing the active one only closes the menu; a failure shows the red "Error" toast.
 */
export function WarehouseSwitcher({ warehouses, reload = () => window.location.reload() }: WarehouseSwitcherProps) {
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);
  const active = warehouses.find((w) => w.isActive);

  async function choose(warehouse: Warehouse) {
    if (warehouse.isActive) return close();
    setSwitching(true);
    try {
      await setActiveWarehouse(warehouse.id);
      reload();
    } catch {
      toast.error(SWITCH_FAILED);
      setSwitching(false);
      close();
    }
  }

  return (
    <Wrapper ref={ref}>
      <Trigger type="button" aria-haspopup="menu" aria-expanded={open} aria-busy={switching || undefined} onClick={() => setOpen((o) => !o)} title="Switch warehouse">
        <span>{active?.displayName ?? 'Choose warehouse'}</span>
        {icons.chevronDown}
      </Trigger>
      {open && (
        <Menu role="menu" aria-label="Warehouses">
          {warehouses.map((w) => (
            <li key={w.id} role="none">
              <Option type="button" role="menuitemradio" aria-checked={w.isActive} $active={w.isActive} disabled={switching} onClick={() => void choose(w)}>
                <span>{w.displayName}</span>
                <small>{w.market.name}</small>
              </Option>
            </li>
          ))}
        </Menu>
      )}
    </Wrapper>
  );
}
