import { AppLink as Link } from '@client/components/nav';
import { CalendarClock, CheckCircle2, MailCheck, MessageSquareReply } from 'lucide-react';
import { PublicPage } from '@client/components/public-page';
import { Button } from '@client/components/ui/button';

const NEXT_STEPS = [
  {
    icon: MailCheck,
    title: 'Email επιβεβαίωσης',
    text: 'Θα λάβετε email επιβεβαίωσης μέσα σε 5 λεπτά. Αν δεν το βρείτε, ελέγξτε και τον φάκελο ανεπιθύμητης αλληλογραφίας.',
  },
  {
    icon: MessageSquareReply,
    title: 'Απάντηση εντός 24 ωρών',
    text: 'Ένα μέλος της ομάδας μας θα μελετήσει το αίτημά σας και θα σας απαντήσει εντός 24 ωρών.',
  },
  {
    icon: CalendarClock,
    title: 'Demo 15 λεπτών',
    text: 'Αν ζητήσατε παρουσίαση, θα κλείσουμε μαζί ένα σύντομο demo 15 λεπτών στην ώρα που σας βολεύει.',
  },
];

export function ThankYouPage() {
  return (
    <PublicPage
      lead="Λάβαμε το αίτημά σας και θα επικοινωνήσουμε μαζί σας σύντομα."
      description="Ευχαριστούμε για το μήνυμά σας στο Deltio. Θα λάβετε email επιβεβαίωσης μέσα σε 5 λεπτά και απάντηση εντός 24 ωρών."
    >
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden />
        Τα επόμενα βήματα
      </h2>
      <ol className="mt-6 grid gap-6 md:grid-cols-3">
        {NEXT_STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="rounded-lg border p-5">
            <p className="flex items-center gap-2 font-semibold">
              <span className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground">
                {i + 1}
              </span>
              <Icon className="h-4 w-4 text-primary" aria-hidden />
              {title}
            </p>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/">Επιστροφή στην αρχική</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/resources/guides">Διαβάστε τους οδηγούς μας</Link>
        </Button>
      </div>
    </PublicPage>
  );
}
