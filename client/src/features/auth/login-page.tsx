import { Link } from '@tanstack/react-router';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { EmailPasswordForm } from './email-password-form';

export function LoginPage() {
  const title = useRouteTitle();
  return (
    <div className="space-y-6">
      <div className="space-y-1.5 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Συνδεθείτε με το email και τον κωδικό πρόσβασής σας για να συνεχίσετε.
        </p>
      </div>
      <EmailPasswordForm />
      <p className="text-center text-sm text-muted-foreground">
        Δεν έχετε λογαριασμό;{' '}
        <Link to="/signup" className="font-medium text-primary hover:underline">
          Εγγραφή
        </Link>
      </p>
    </div>
  );
}
