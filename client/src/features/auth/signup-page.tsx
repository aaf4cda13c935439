import { getRouteApi, Link } from '@tanstack/react-router';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';
import { useRouteTitle } from '@client/hooks/use-page-title';

const signupRoute = getRouteApi('/_auth/signup');

export function SignupPage() {
  const title = useRouteTitle();
  // ?role=client|media preselects the user type; ?plan=<code> comes from the pricing page.
  const { role } = signupRoute.useSearch();
  return (
    <div className="space-y-6" data-preselected-role={role}>
      <div className="space-y-1.5 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Δημιουργήστε λογαριασμό πελάτη ή media. Ορισμένοι λογαριασμοί χρειάζονται έγκριση από τον
          διαχειριστή πριν αποκτήσουν πλήρη πρόσβαση.
        </p>
      </div>
      <ScreenPlaceholder />
      <p className="text-center text-sm text-muted-foreground">
        Έχετε ήδη λογαριασμό;{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          Σύνδεση
        </Link>
      </p>
    </div>
  );
}
