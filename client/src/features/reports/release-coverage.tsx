import { useEffect, useState } from 'react';
import { Link2 } from 'lucide-react';
import { ApiError } from '@client/api/http';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { CoverageDialog } from './coverage-dialog';
import { TABLE_STRINGS } from './report-table';
import { useReleaseCoverage } from './use-reports';
import { count } from '@shared/plural';

const S = {
  loadError: 'Δεν ήταν δυνατή η φόρτωση των συνδέσμων κάλυψης',
  cardText: 'Δημοσιεύσεις που προέκυψαν από το δελτίο: όσες πάτησαν οι παραλήπτες και όσες προσθέτετε εσείς.',
  open: (n: number) => (count(n, 'σύνδεσμος κάλυψης', 'σύνδεσμοι κάλυψης')),
  add: 'Προσθήκη συνδέσμου κάλυψης',
};

/** The coverage dialog of one release, loaded by id (the release list's row menu). */
export function ReleaseCoverageDialog({ releaseId, onClose }: { releaseId: string; onClose: () => void }) {
  const coverage = useReleaseCoverage(releaseId);
  useEffect(() => {
    if (!coverage.isError) return;
    console.error('Coverage failed to load', coverage.error);
    toast({ title: TABLE_STRINGS.error, description: S.loadError, variant: 'destructive' });
    onClose();
  }, [coverage.isError, coverage.error, onClose]);
  if (!coverage.data) return null;
  return <CoverageDialog row={{ ...coverage.data, id: releaseId }} onClose={onClose} />;
}

/**
 * On a sent release's page: its coverage count and the dialog to add links by hand. Only for
 * the release's own client, as the reports are: a colleague's release shows no card.
 */
export function CoverageCard({ releaseId }: { releaseId: string }) {
  const coverage = useReleaseCoverage(releaseId);
  const [open, setOpen] = useState(false);
  if (coverage.error instanceof ApiError && coverage.error.status === 404) return null;
  const n = coverage.data?.coverageLinks.length ?? 0;
  return (
    <Card data-testid="coverage-card">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{TABLE_STRINGS.coverage}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">{S.cardText}</p>
        {coverage.isError ? <p className="text-sm text-red-700">{S.loadError}</p> : null}
        <Button variant="outline" className="w-full" disabled={!coverage.data} onClick={() => setOpen(true)}>
          <Link2 aria-hidden />
          {coverage.data ? (n ? S.open(n) : S.add) : TABLE_STRINGS.coverage}
        </Button>
      </CardContent>
      {open && coverage.data ? <CoverageDialog row={{ ...coverage.data, id: releaseId }} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
