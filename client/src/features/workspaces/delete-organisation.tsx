import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { ApiError, api } from '@client/api/http';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';

const S = {
  title: 'Διαγραφή οργανισμού',
  text: 'Διαγράφει τον οργανισμό με τα πρόχειρα, τις εργασίες, το λεξικό και τις προσκλήσεις του. Τα μέλη του χάνουν την πρόσβαση αμέσως. Δεν αναιρείται.',
  sentNote: 'Ένας οργανισμός που έχει στείλει δελτία τύπου δεν διαγράφεται από εδώ: τα αντίγραφα των δημοσιογράφων και το newsroom του μένουν.',
  open: 'Διαγραφή οργανισμού…',
  confirmLabel: (name: string) => `Πληκτρολογήστε «${name}» για επιβεβαίωση`,
  confirm: 'Οριστική διαγραφή',
  cancel: 'Ακύρωση',
  done: (name: string) => `Ο οργανισμός «${name}» διαγράφηκε`,
  failed: 'Δεν ήταν δυνατή η διαγραφή του οργανισμού',
  success: 'Επιτυχία',
  error: 'Σφάλμα',
} as const;

/** The owner's danger zone on the members page: deletes the organisation once its name is typed. */
export function DeleteOrganisationCard({ organisationId, name }: { organisationId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => api('DELETE', `/organisations/${organisationId}`, { body: { name: typed } }),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: S.success, description: S.done(name), variant: 'success' });
      await qc.invalidateQueries();
      await navigate({ to: '/client' });
    },
    onError: (err) => {
      // The server's Greek reasons: the name does not match, or the organisation has sent releases.
      const text = err instanceof ApiError ? (err.fields?.name ?? (err.code === 'organisation_has_sent' ? err.message : null)) : null;
      setProblem(text ?? S.failed);
      if (!text) console.error('Deleting the organisation failed', err);
    },
  });
  const matches = typed.trim().length > 0;
  return (
    <Card className="border-red-200 lg:col-span-2" data-testid="delete-organisation">
      <CardHeader>
        <CardTitle className="text-lg">{S.title}</CardTitle>
        <CardDescription>{S.text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">{S.sentNote}</p>
        <Button
          variant="destructive"
          onClick={() => {
            setTyped('');
            setProblem(null);
            setOpen(true);
          }}
        >
          <Trash2 aria-hidden />
          {S.open}
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={(o) => !o && setOpen(false)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{S.title}</DialogTitle>
            <DialogDescription>{S.text}</DialogDescription>
          </DialogHeader>
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (matches) remove.mutate();
            }}
          >
            <Label htmlFor="delete-organisation-name">{S.confirmLabel(name)}</Label>
            <Input
              id="delete-organisation-name"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'delete-organisation-problem' : undefined}
            />
            {problem ? (
              <p id="delete-organisation-problem" role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            ) : null}
            <DialogFooter className="pt-2">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {S.cancel}
              </Button>
              <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
                {remove.isPending ? <Spinner size="sm" /> : null}
                {S.confirm}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
