import { lazy, Suspense, useEffect } from 'react';
import { useSession } from '@client/stores/session';
import { useOnboarding } from './onboarding-store';

const OnboardingWizard = lazy(() =>
  import('./onboarding-wizard').then((m) => ({ default: m.OnboardingWizard })),
);

/**
 * Mounted in the signed-in layout for clients: exposes window.restartOnboarding (spec) and
 * opens the wizard while the profile is not onboarded. The wizard's code (its form, on the
 * shared schema with react-hook-form) loads only then, not with every signed-in page.
 */
export function OnboardingGate() {
  const restart = useOnboarding((s) => s.restart);
  const open = useSession((s) => s.profile?.role === 'client' && !s.profile.onboarded);

  useEffect(() => {
    window.restartOnboarding = restart;
    return () => {
      if (window.restartOnboarding === restart) delete window.restartOnboarding;
    };
  }, [restart]);

  return open ? (
    <Suspense fallback={null}>
      <OnboardingWizard />
    </Suspense>
  ) : null;
}
