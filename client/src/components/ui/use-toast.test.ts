import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, useToastStore } from './use-toast';

describe('toast store', () => {
  afterEach(() => {
    useToastStore.getState().remove();
    vi.useRealTimers();
  });

  it('keeps at most one toast, the newest', () => {
    toast({ title: 'Πρώτο' });
    toast({ title: 'Σφάλμα', description: 'Δεύτερο', variant: 'destructive' });
    const { toasts } = useToastStore.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Σφάλμα', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast and unmounts it after the exit animation', () => {
    vi.useFakeTimers();
    const { id } = toast({ title: 'Επιτυχία' });
    dismissToast(id);
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
