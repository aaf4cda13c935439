import { create } from 'zustand';
import { settingsProfile } from '@shared/schemas/dashboard';
import { api } from '@client/api/http';
import { useSession } from '@client/stores/session';

interface OnboardingState {
  /** Forced open by a restart (the profile's onboarded flag opens it otherwise). */
  step: number;
  /** Bumped on every restart so the form resets to the profile's values. */
  generation: number;
  setStep: (step: number) => void;
  restart: () => Promise<void>;
}

export const useOnboarding = create<OnboardingState>((set) => ({
  step: 1,
  generation: 0,
  setStep: (step) => set({ step }),
  /** Sets onboarded to false, returns to step 1 and reopens the wizard. Errors are only logged. */
  restart: async () => {
    try {
      const profile = await api('PATCH', '/profile', { body: { onboarded: false }, schema: settingsProfile });
      set((s) => ({ step: 1, generation: s.generation + 1 }));
      useSession.getState().setProfile(profile);
    } catch (err) {
      console.error('Could not restart the onboarding', err);
    }
  },
}));

declare global {
  interface Window {
    /** Reopens the onboarding wizard from step 1 (spec: exposed globally). */
    restartOnboarding?: () => Promise<void>;
  }
}
