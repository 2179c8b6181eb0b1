/**
 * Module-level toast store. Remotes render in their own React roots (single-spa parcels) but share this module
 * as a Module Federation singleton, so `toast.error(...)` from any remote reaches the one <ToastContainer/> the
 * shell renders. Timers live here too, so a toast closes on time whichever root pushed it.
 */

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastInput {
  title?: string;
  message?: string;
  /** Milliseconds before it closes by itself; default 4000 (SPEC §9; push notices pass 5000). 0 keeps it open. */
  autoClose?: number;
  /** A button on the toast (e.g. "Open" on a push that has a subject); clicking it also closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message?: string;
  autoClose: number;
  action?: ToastAction;
}

export const TOAST_LIMIT = 5;
export const TOAST_AUTO_CLOSE_MS = 4000;

const DEFAULT_TITLE: Record<ToastKind, string> = { success: 'Success', error: 'Error', info: 'Notice' };

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function dismiss(id: number) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

function push(kind: ToastKind, input: ToastInput): number {
  const id = nextId++;
  const toast: Toast = {
    id,
    kind,
    title: input.title ?? DEFAULT_TITLE[kind],
    message: input.message,
    autoClose: input.autoClose ?? TOAST_AUTO_CLOSE_MS,
    ...(input.action ? { action: input.action } : {}),
  };
  const next = [...toasts, toast];
  // At most TOAST_LIMIT on screen: the oldest make room.
  const dropped = next.slice(0, Math.max(0, next.length - TOAST_LIMIT));
  dropped.forEach((t) => {
    clearTimeout(timers.get(t.id));
    timers.delete(t.id);
  });
  if (toast.autoClose > 0) timers.set(id, setTimeout(() => dismiss(id), toast.autoClose));
  emit(next.slice(dropped.length));
  return id;
}

function clear() {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  emit([]);
}

export const toast = {
  success: (input: ToastInput) => push('success', input),
  error: (input: ToastInput) => push('error', input),
  info: (input: ToastInput) => push('info', input),
  dismiss,
  clear,
};

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
