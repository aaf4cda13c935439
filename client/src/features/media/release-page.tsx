import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft, Building2, CalendarDays, Download, Eye, FileText, Mail, MailOpen, MailX, Phone, UserRound } from 'lucide-react';
import { CATEGORY_LABELS } from '@shared/constants';
import { ApiError } from '@client/api/http';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime, formatLongDate } from '@client/lib/dates';
import '@client/features/editor/editor.css';
import { EmbargoBanner } from './embargo-banner';
import { BookmarkToggle, FEED_STRINGS } from './inbox-feed';
import { useInboxRelease, useReadState } from './use-media';
import type { InboxRelease } from '@shared/schemas/media';

const S = {
  back: 'Εισερχόμενα',
  from: 'Αποστολέας',
  sent: 'Ημερομηνία αποστολής',
  attachments: 'Συνημμένα',
  download: 'Λήψη',
  markUnread: 'Σήμανση ως μη αναγνωσμένο',
  markedUnread: 'Το δελτίο τύπου σημειώθηκε ως μη αναγνωσμένο',
  read: 'Αναγνώστηκε',
  views: 'Προβολές',
  updateError: 'Δεν ήταν δυνατή η ενημέρωση του δελτίου τύπου',
  notFound: 'Το δελτίο τύπου δεν βρέθηκε',
  notFoundText: 'Δεν σας έχει σταλεί αυτό το δελτίο τύπου ή δεν υπάρχει πια.',
  loadError: 'Δεν ήταν δυνατή η φόρτωση του δελτίου τύπου',
  retry: 'Δοκίμασε ξανά',
  error: 'Σφάλμα',
  contact: 'Επικοινωνία για τον Τύπο',
  contactName: 'Όνομα',
  contactEmail: 'Email',
  contactPhone: 'Τηλέφωνο',
  about: (company: string) => `Σχετικά με: ${company}`,
};

/** The sender's press contact as it was when the release was sent. */
function PressContactCard({ contact }: { contact: NonNullable<InboxRelease['pressContact']> }) {
  const rows = [
    { key: 'name', label: S.contactName, icon: UserRound, value: contact.name, href: null },
    { key: 'email', label: S.contactEmail, icon: Mail, value: contact.email, href: contact.email ? `mailto:${contact.email}` : null },
    { key: 'phone', label: S.contactPhone, icon: Phone, value: contact.phone, href: contact.phone ? `tel:${contact.phone.replace(/[^0-9+]/g, '')}` : null },
  ].filter((r) => r.value);
  return (
    <Card data-testid="press-contact">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{S.contact}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          {rows.map((r) => (
            <div key={r.key} className="flex items-start gap-2">
              <dt className="sr-only">{r.label}</dt>
              <r.icon className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              <dd className="min-w-0 break-words">
                {r.href ? (
                  <a href={r.href} className="text-primary hover:underline">
                    {r.value}
                  </a>
                ) : (
                  r.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('el-GR')} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('el-GR', { maximumFractionDigits: 1 })} MB`;
}

/** Links of a release open in a new tab (the server already made them tracked links). */
function withExternalLinks(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  doc.querySelectorAll('a[href]').forEach((a) => {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  });
  return doc.body.firstElementChild?.innerHTML ?? '';
}

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
      <Link to="/media/press-releases">
        <ArrowLeft aria-hidden />
        {S.back}
      </Link>
    </Button>
  );
}

/** The reading view of one received release; opening it marks it read (an in-app open). */
export function MediaReleasePage() {
  const { releaseId } = useParams({ from: '/media/press-releases/$releaseId' });
  const release = useInboxRelease(releaseId);
  const readState = useReadState();
  const markedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!release.data || markedFor.current === releaseId) return;
    markedFor.current = releaseId;
    readState.mutate({ releaseId, read: true }, { onError: (err) => console.error('Could not mark the release read', err) });
  }, [release.data, releaseId, readState]);

  const notFound = release.error instanceof ApiError && (release.error.status === 404 || release.error.status === 400);
  useEffect(() => {
    if (release.isError && !notFound) {
      console.error('Release failed to load', release.error);
      toast({ title: S.error, description: S.loadError, variant: 'destructive' });
    }
  }, [release.isError, release.error, notFound]);

  const html = useMemo(() => (release.data ? withExternalLinks(release.data.html) : ''), [release.data]);

  if (release.isPending) {
    return (
      <>
        <BackLink />
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      </>
    );
  }
  if (!release.data) {
    return (
      <>
        <BackLink />
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-background px-6 py-14 text-center" data-testid="release-missing">
          <FileText className="h-10 w-10 text-slate-300" aria-hidden />
          <p className="text-sm font-medium text-slate-700">{notFound ? S.notFound : S.loadError}</p>
          {notFound ? (
            <p className="max-w-md text-sm text-muted-foreground">{S.notFoundText}</p>
          ) : (
            <Button variant="outline" onClick={() => void release.refetch()}>
              {S.retry}
            </Button>
          )}
        </div>
      </>
    );
  }

  const r = release.data;
  return (
    <>
      <BackLink />
      <article className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]" data-testid="release-view">
        <div className="min-w-0 space-y-5">
          <header className="space-y-3">
            <EmbargoBanner embargoed={r.embargoed} until={r.embargoUntil} />
            <div className="flex flex-wrap items-center gap-2">
              {r.category ? <Badge variant="secondary">{CATEGORY_LABELS[r.category]}</Badge> : null}
              {r.readAt ? (
                <Badge variant="success" data-testid="read-badge">
                  <MailOpen className="h-3 w-3" aria-hidden />
                  {S.read}
                </Badge>
              ) : null}
            </div>
            <div className="flex items-start gap-2">
              <h1 className="min-w-0 flex-1 text-2xl font-bold leading-tight sm:text-3xl">{r.title}</h1>
              <BookmarkToggle releaseId={r.releaseId} bookmarked={r.bookmarked} title={r.title} className="mt-1" />
            </div>
            <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{S.from}</dt>
                {r.senderLogoUrl ? (
                  <img src={r.senderLogoUrl} alt="" className="h-5 w-5 rounded object-contain" data-testid="release-sender-logo" />
                ) : (
                  <Building2 className="h-4 w-4" aria-hidden />
                )}
                <dd className="font-medium text-foreground" data-testid="release-sender">
                  {r.senderCompany}
                </dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{S.sent}</dt>
                <CalendarDays className="h-4 w-4" aria-hidden />
                <dd data-testid="release-date">
                  <time dateTime={r.sentAt ?? undefined} title={formatDateTime(r.sentAt)}>
                    {formatLongDate(r.sentAt)}, {formatDateTime(r.sentAt).slice(11)}
                  </time>
                </dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{S.views}</dt>
                <Eye className="h-4 w-4" aria-hidden />
                <dd>{FEED_STRINGS.views(r.views)}</dd>
              </div>
            </dl>
          </header>
          <div className="deltio-prose rounded-lg border bg-background p-4 sm:p-6" data-testid="release-body" dangerouslySetInnerHTML={{ __html: html }} />
          {r.boilerplate ? (
            <section className="rounded-lg border bg-muted/40 p-4 text-sm sm:p-6" data-testid="release-boilerplate">
              <h2 className="mb-2 font-semibold">{S.about(r.senderCompany)}</h2>
              <p className="whitespace-pre-line text-muted-foreground">{r.boilerplate}</p>
            </section>
          ) : null}
        </div>

        <aside className="space-y-4">
          {r.pressContact ? <PressContactCard contact={r.pressContact} /> : null}
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-base">
                {S.attachments} ({r.attachments.length})
              </CardTitle>
            </CardHeader>
            <CardContent>
              {r.attachments.length === 0 ? (
                <p className="text-sm text-muted-foreground">{FEED_STRINGS.attachments(0)}</p>
              ) : (
                <ul className="space-y-2" data-testid="release-attachments">
                  {r.attachments.map((a) => (
                    <li key={a.id}>
                      <a
                        href={a.url}
                        download={a.filename}
                        className="flex items-center gap-3 rounded-md border px-3 py-2 text-sm hover:bg-muted"
                        aria-label={`${S.download}: ${a.filename}`}
                      >
                        <Download className="h-4 w-4 shrink-0 text-primary" aria-hidden />
                        <span className="min-w-0 flex-1 truncate">{a.filename}</span>
                        <span className="shrink-0 text-xs text-muted-foreground">{formatSize(a.size)}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Button
            variant="outline"
            className="w-full"
            disabled={!r.readAt || readState.isPending}
            onClick={() =>
              readState.mutate(
                { releaseId: r.releaseId, read: false },
                {
                  onSuccess: () => toast({ title: 'Επιτυχία', description: S.markedUnread, variant: 'success' }),
                  onError: (err) => {
                    console.error('Mark unread failed', err);
                    toast({ title: S.error, description: S.updateError, variant: 'destructive' });
                  },
                },
              )
            }
          >
            <MailX aria-hidden />
            {S.markUnread}
          </Button>
        </aside>
      </article>
    </>
  );
}
