import { useEffect, type RefObject } from 'react';

/** Calls `onOutside` when a pointer press lands outside `ref` (menus and the navigation close that way). */
export function useClickOutside(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  useEffect(() => {
    if (!active) return;
    function onPointerDown(event: MouseEvent) {
      if (ref.current && !ref.current.contains(event.target as Node)) onOutside();
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [ref, active, onOutside]);
}

/**
 * A popover's ways out (the bell's panel, the account menu): a press outside `ref`, or Escape, which also gives
 * focus back to the button that opened it.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, trigger: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useClickOutside(ref, open, close);
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      close();
      trigger.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [trigger, open, close]);
}
