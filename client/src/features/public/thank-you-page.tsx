import { Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { PublicPage } from '@client/components/public-page';
import { Button } from '@client/components/ui/button';

export function ThankYouPage() {
  return (
    <PublicPage lead="Λάβαμε το αίτημά σας και θα επικοινωνήσουμε μαζί σας σύντομα.">
      <div className="flex flex-col items-start gap-4">
        <p className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          <CheckCircle2 className="h-5 w-5 text-success" aria-hidden />
          Θα λάβετε email επιβεβαίωσης μέσα σε 5 λεπτά.
        </p>
        <Button asChild variant="outline">
          <Link to="/">Επιστροφή στην αρχική</Link>
        </Button>
      </div>
    </PublicPage>
  );
}
