import { MailCheck } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { formatDate } from '@client/lib/dates';
import { useMediaSuppressions } from './api';

const S = {
  title: 'Εταιρείες που έχετε σημειώσει ως ανεπιθύμητες',
  text: 'Όταν σημειώνετε ένα e-mail ως ανεπιθύμητο, σταματάμε να σας στέλνουμε τα δελτία αυτής της εταιρείας. Μπορείτε να το αναιρέσετε εδώ.',
  platform: 'Τα e-mail της πλατφόρμας',
  since: (d: string) => `από ${d}`,
  again: 'Λήψη ξανά',
  done: 'Θα λαμβάνετε ξανά τα e-mail της',
  error: 'Δεν ήταν δυνατή η αλλαγή',
};

/** The media settings' section: the companies whose mail the journalist stopped by a spam complaint, each with "receive again". */
export function MediaComplaintsCard() {
  const { list, lift } = useMediaSuppressions();
  const items = list.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Card data-testid="media-complaints">
      <CardHeader>
        <CardTitle className="text-lg">{S.title}</CardTitle>
        <CardDescription>{S.text}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {items.map((s) => (
            <li
              key={s.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <div className="font-medium">{s.organisationName ?? S.platform}</div>
                <div className="text-xs text-muted-foreground">
                  {S.since(formatDate(s.createdAt))}
                </div>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={lift.isPending}
                onClick={() =>
                  lift.mutate(s.id, {
                    onSuccess: () =>
                      toast({
                        title: s.organisationName ?? S.platform,
                        description: S.done,
                        variant: 'success',
                      }),
                    onError: () => toast({ title: S.error, variant: 'destructive' }),
                  })
                }
              >
                <MailCheck aria-hidden /> {S.again}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
