import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Eye, Inbox, Paperclip, Search, Star } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS } from '@shared/constants';
import type { InboxItem, ReadFilter } from '@shared/schemas/media';
import { FilterSelect } from '@client/components/filter-select';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { LoadErrorPanel, LoadingPanel } from '@client/components/load-state';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { formatDate } from '@client/lib/dates';
import { cn } from '@client/lib/utils';
import { useSession } from '@client/stores/session';
import { EmbargoBanner } from './embargo-banner';
import { NO_FILTERS, useBookmark, useInbox, type InboxFilters } from './use-media';
import { count } from '@shared/plural';

export const FEED_STRINGS = {
  searchPlaceholder: 'Αναζήτηση σε τίτλο και κείμενο...',
  search: 'Αναζήτηση δελτίων τύπου',
  category: 'Κατηγορία',
  allCategories: 'Όλες οι κατηγορίες',
  readState: 'Κατάσταση ανάγνωσης',
  read: { all: 'Όλα', unread: 'Μη αναγνωσμένα', read: 'Αναγνωσμένα' } satisfies Record<ReadFilter, string>,
  unread: 'Νέο',
  views: (n: number) => (count(n, 'προβολή', 'προβολές')),
  attachments: (n: number) => (count(n, 'συνημμένο', 'συνημμένα')),
  addBookmark: 'Προσθήκη στα αγαπημένα',
  removeBookmark: 'Αφαίρεση από τα αγαπημένα',
  bookmarkError: 'Δεν ήταν δυνατή η ενημέρωση των αγαπημένων',
  loadMore: 'Φόρτωση περισσότερων',
  shown: (n: number, total: number) => `${n} από ${total}`,
  /** A search that matched more than its count: «20 από περισσότερα από 1.000». */
  shownOfMore: (n: number, total: number) => `${n} από περισσότερα από ${total.toLocaleString('el-GR')}`,
  emptyFiltered: 'Δεν βρέθηκαν δελτία τύπου που να ταιριάζουν με τα κριτήρια αναζήτησης',
  emptyNone: 'Δεν έχετε λάβει ακόμη δελτία τύπου.',
  emptyNoneHint: 'Τα δελτία τύπου των κατηγοριών που παρακολουθείτε θα εμφανίζονται εδώ μόλις σταλούν.',
  emptyPending: 'Δεν έχετε λάβει ακόμη δελτία τύπου: ο λογαριασμός σας περιμένει έγκριση.',
  emptyBookmarks: 'Δεν έχετε αποθηκεύσει ακόμη δελτία τύπου στα αγαπημένα.',
  emptyBookmarksHint: 'Πατήστε το αστέρι σε ένα δελτίο τύπου για να το βρίσκετε εδώ.',
  clearFilters: 'Καθαρισμός φίλτρων',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των δελτίων τύπου',
  error: 'Σφάλμα',
  from: 'Από',
};
const S = FEED_STRINGS;

export function BookmarkToggle({ releaseId, bookmarked, title, className }: { releaseId: string; bookmarked: boolean; title: string; className?: string }) {
  const bookmark = useBookmark();
  // Shows the new state at once; the refetch after the call confirms it.
  const pending = bookmark.isPending ? bookmark.variables?.on : undefined;
  const on = pending ?? bookmarked;
  const label = on ? S.removeBookmark : S.addBookmark;
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      className={cn('shrink-0', className)}
      aria-pressed={on}
      aria-label={`${label}: ${title}`}
      title={label}
      data-testid="bookmark-toggle"
      onClick={() =>
        bookmark.mutate(
          { releaseId, on: !on },
          {
            onError: (err) => {
              console.error('Bookmark failed', err);
              toast({ title: S.error, description: S.bookmarkError, variant: 'destructive' });
            },
          },
        )
      }
    >
      <Star className={cn(on ? 'fill-amber-400 text-amber-500' : 'text-slate-400')} aria-hidden />
    </Button>
  );
}

function FeedItem({ item }: { item: InboxItem }) {
  const unread = !item.readAt;
  return (
    <li
      className={cn('flex gap-3 px-4 py-4 sm:px-5', unread && 'bg-primary/[0.03]')}
      data-testid="inbox-item"
      data-release-id={item.releaseId}
      data-read={unread ? 'false' : 'true'}
    >
      <span className={cn('mt-2 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} aria-hidden />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {item.category ? <Badge variant="secondary">{CATEGORY_LABELS[item.category]}</Badge> : null}
          <span>{formatDate(item.sentAt)}</span>
          <span aria-hidden>·</span>
          <span className="truncate">{item.senderCompany}</span>
          {unread ? (
            <Badge variant="info" className="ml-auto sm:ml-0">
              {S.unread}
            </Badge>
          ) : null}
        </div>
        <EmbargoBanner embargoed={item.embargoed} until={item.embargoUntil} compact className="w-fit" />
        <Link
          to="/media/press-releases/$releaseId"
          params={{ releaseId: item.releaseId }}
          className={cn('block text-base leading-snug hover:underline', unread ? 'font-semibold' : 'font-medium')}
        >
          {item.title}
        </Link>
        {item.excerpt ? <p className="line-clamp-2 text-sm text-muted-foreground">{item.excerpt}</p> : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1" data-testid="inbox-views">
            <Eye className="h-3.5 w-3.5" aria-hidden />
            {S.views(item.views)}
          </span>
          <span className="inline-flex items-center gap-1" data-testid="inbox-attachments">
            <Paperclip className="h-3.5 w-3.5" aria-hidden />
            {S.attachments(item.attachmentCount)}
          </span>
        </div>
      </div>
      <BookmarkToggle releaseId={item.releaseId} bookmarked={item.bookmarked} title={item.title} />
    </li>
  );
}

interface FeedProps {
  /** Category and read-state filters (the inbox page); the dashboard shows the search only. */
  showFilters?: boolean;
  bookmarkedOnly?: boolean;
  /** How many releases each "load more" brings (the dashboard shows the latest few). */
  pageSize?: number;
}

/** Received releases with search, optional filters, favourite toggles and "load more". */
export function InboxFeed({ showFilters = false, bookmarkedOnly = false, pageSize }: FeedProps) {
  const base: InboxFilters = { ...NO_FILTERS, bookmarked: bookmarkedOnly };
  const [input, setInput] = useState('');
  const [filters, setFilters] = useState<InboxFilters>(base);
  const pending = useSession((s) => s.profile?.status === 'pending');

  useEffect(() => {
    const t = setTimeout(() => setFilters((f) => (f.q === input.trim() ? f : { ...f, q: input.trim() })), 300);
    return () => clearTimeout(t);
  }, [input]);

  const feed = useInbox(filters, pageSize);
  useEffect(() => {
    if (feed.isError) {
      console.error('Inbox failed to load', feed.error);
      toast({ title: S.error, description: S.loadError, variant: 'destructive' });
    }
  }, [feed.isError, feed.error]);

  const pages = feed.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? 0;
  const totalCapped = pages[0]?.totalCapped ?? false;
  const filtered = filters.q !== '' || filters.category !== 'all' || filters.read !== 'all';
  const clear = () => {
    setInput('');
    setFilters(base);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-lg border bg-background p-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input type="search" value={input} onChange={(e) => setInput(e.target.value)} placeholder={S.searchPlaceholder} aria-label={S.search} className="pl-9" />
        </div>
        {showFilters ? (
          <>
            <FilterSelect
              className="sm:w-52"
              value={filters.category}
              onChange={(category) => setFilters((f) => ({ ...f, category }))}
              options={CATEGORIES}
              labels={CATEGORY_LABELS}
              allLabel={S.allCategories}
              ariaLabel={S.category}
            />
            <Select value={filters.read} onValueChange={(v) => setFilters((f) => ({ ...f, read: v as ReadFilter }))}>
              <SelectTrigger className="sm:w-48" aria-label={S.readState}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(['all', 'unread', 'read'] as const).map((r) => (
                  <SelectItem key={r} value={r}>
                    {S.read[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </>
        ) : null}
      </div>

      {feed.isPending ? (
        <LoadingPanel framed />
      ) : !feed.data ? (
        <LoadErrorPanel message={S.loadError} onRetry={() => void feed.refetch()} />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-background px-6 py-14 text-center" data-testid="inbox-empty">
          {bookmarkedOnly && !filtered ? (
            <Star className="h-10 w-10 text-slate-300" aria-hidden />
          ) : (
            <Inbox className="h-10 w-10 text-slate-300" aria-hidden />
          )}
          <p className="max-w-md text-sm font-medium text-slate-700">
            {filtered ? S.emptyFiltered : bookmarkedOnly ? S.emptyBookmarks : pending ? S.emptyPending : S.emptyNone}
          </p>
          {!filtered ? <p className="max-w-md text-sm text-muted-foreground">{bookmarkedOnly ? S.emptyBookmarksHint : S.emptyNoneHint}</p> : null}
          {filtered ? (
            <Button variant="outline" onClick={clear}>
              {S.clearFilters}
            </Button>
          ) : null}
        </div>
      ) : (
        <div className={cn('overflow-hidden rounded-lg border bg-background', feed.isFetching && !feed.isFetchingNextPage && 'opacity-80')}>
          <ul className="divide-y" aria-busy={feed.isFetching} data-testid="inbox-list">
            {items.map((item) => (
              <FeedItem key={item.deliveryId} item={item} />
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t px-4 py-3 text-sm">
            <span className="text-muted-foreground" data-testid="inbox-count">
              {totalCapped ? S.shownOfMore(items.length, total) : S.shown(items.length, total)}
            </span>
            {feed.hasNextPage ? (
              <Button variant="outline" size="sm" disabled={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                {feed.isFetchingNextPage ? <Spinner size="sm" /> : null}
                {S.loadMore}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
