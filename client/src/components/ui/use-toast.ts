import type * as React from 'react';
import { create } from 'zustand';
import { TOAST } from '@shared/constants';
import type { ToastActionElement, ToastVariant } from './toast';

/**
 * Toast API (shadcn style, backed by a zustand store).
 *
 *   toast({ title: 'Σφάλμα', description: 'Δεν ήταν δυνατή η φόρτωση των δεδομένων', variant: 'destructive' });
 *
 * At most TOAST.limit (1) toast is visible: a new toast replaces the current one.
 * Duration defaults to TOAST.durationMs (5000 ms), set on the Toaster's provider.
 */
export interface ToastOptions {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before auto-dismiss; defaults to the provider's 5000. */
  duration?: number;
  action?: ToastActionElement;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

/** How long a dismissed toast stays mounted so its exit animation can play. */
const REMOVE_DELAY_MS = 1000;

interface ToastState {
  toasts: ToastItem[];
  add: (item: ToastItem) => void;
  update: (id: string, patch: Partial<ToastOptions>) => void;
  dismiss: (id?: string) => void;
  remove: (id?: string) => void;
}

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  add: (item) => set((s) => ({ toasts: [item, ...s.toasts].slice(0, TOAST.limit) })),
  update: (id, patch) =>
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)) })),
  dismiss: (id) => {
    for (const t of get().toasts) {
      if ((id === undefined || t.id === id) && !removeTimers.has(t.id)) {
        removeTimers.set(
          t.id,
          setTimeout(() => {
            removeTimers.delete(t.id);
            get().remove(t.id);
          }, REMOVE_DELAY_MS),
        );
      }
    }
    set((s) => ({
      toasts: s.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
    }));
  },
  remove: (id) =>
    set((s) => ({ toasts: id === undefined ? [] : s.toasts.filter((t) => t.id !== id) })),
}));

let counter = 0;
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}

export function toast(options: ToastOptions): {
  id: string;
  dismiss: () => void;
  update: (patch: Partial<ToastOptions>) => void;
} {
  const id = nextId();
  useToastStore.getState().add({ ...options, id, open: true });
  return {
    id,
    dismiss: () => useToastStore.getState().dismiss(id),
    update: (patch) => useToastStore.getState().update(id, patch),
  };
}

/** Dismiss one toast, or all when no id is given. */
export function dismissToast(id?: string): void {
  useToastStore.getState().dismiss(id);
}

export function useToast() {
  const toasts = useToastStore((s) => s.toasts);
  return { toasts, toast, dismiss: dismissToast };
}
