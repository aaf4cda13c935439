import type { CustomTooltipProps } from '@tremor/react';
import { BarChart, DonutChart, Legend, LineChart } from '@client/components/charts';
import { categoryColor, categoryLabel, NEWSROOM_NO_VIEWS, NEWSROOM_TITLE, newsroomViewsText } from '@shared/report-texts';
import type { ClientReport } from '@shared/schemas/reports';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatDate } from '@client/lib/dates';

export const CHART_STRINGS = {
  weekly: 'Εβδομαδιαίο ποσοστό ανοίγματος',
  weeklyText: (to: string) => `8 εβδομάδες έως ${formatDate(to)}: μοναδικοί αναγνώστες / απεσταλμένα αντίτυπα × 100`,
  openRate: 'Ποσοστό ανοίγματος',
  byCategory: 'Κατανομή ανά κατηγορία',
  byCategoryText: 'Τα δελτία τύπου της περιόδου, το καθένα μία φορά, ανά κατηγορία.',
  ctr: 'Ποσοστό κλικ (CTR) ανά κατηγορία',
  ctrText: 'Κλικ / μοναδικά ανοίγματα × 100.',
  noSends: 'Καμία αποστολή σε αυτές τις 8 εβδομάδες.',
  noCategories: 'Κανένα δελτίο τύπου σε αυτή την περίοδο.',
  week: (d: string) => `Εβδομάδα από ${formatDate(d)}`,
  noRate: 'καμία αποστολή',
  newsroom: NEWSROOM_TITLE,
  views: 'Προβολές',
  noViews: NEWSROOM_NO_VIEWS,
};

const int = (n: number) => n.toLocaleString('el-GR');
const pct = (n: number, digits = 0) => `${n.toLocaleString('el-GR', { maximumFractionDigits: digits })}%`;
const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function TooltipBox({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div className="rounded-md border bg-white px-3 py-2 text-xs shadow-md" data-testid="chart-tooltip">
      <p className="mb-1 font-semibold text-slate-900">{title}</p>
      {lines.map((l) => (
        <p key={l} className="text-slate-600">
          {l}
        </p>
      ))}
    </div>
  );
}

function rowOf<T>(p: CustomTooltipProps): T | null {
  if (!p.active || !p.payload?.length) return null;
  return (p.payload[0] as { payload?: T }).payload ?? null;
}

type WeekRow = ClientReport['weekly'][number] & { label: string } & Record<string, unknown>;

function WeeklyTooltip(p: CustomTooltipProps) {
  const w = rowOf<WeekRow>(p);
  if (!w) return null;
  return (
    <TooltipBox
      title={CHART_STRINGS.week(w.weekStart)}
      lines={[
        `${CHART_STRINGS.openRate}: ${w.openRate === null ? CHART_STRINGS.noRate : pct(w.openRate)}`,
        `Μοναδικοί αναγνώστες: ${int(w.openers)}`,
        `Απεσταλμένα αντίτυπα: ${int(w.delivered)}`,
        `Δελτία που στάλθηκαν: ${int(w.releases)}`,
      ]}
    />
  );
}

type CatRow = ClientReport['byCategory'][number] & { name: string; value: number; CTR: number };

function CategoryTooltip(p: CustomTooltipProps) {
  const c = rowOf<CatRow>(p);
  if (!c) return null;
  return <TooltipBox title={c.name} lines={[`Δελτία τύπου: ${int(c.releases)}`]} />;
}

function CtrTooltip(p: CustomTooltipProps) {
  const c = rowOf<CatRow>(p);
  if (!c) return null;
  return <TooltipBox title={c.name} lines={[`CTR: ${pct(c.ctr, 1)}`, `Κλικ: ${int(c.clicks)}`, `Μοναδικά ανοίγματα: ${int(c.opens)}`]} />;
}

type ViewsRow = ClientReport['newsroomWeekly'][number] & { label: string } & Record<string, unknown>;

function ViewsTooltip(p: CustomTooltipProps) {
  const w = rowOf<ViewsRow>(p);
  if (!w) return null;
  return <TooltipBox title={CHART_STRINGS.week(w.weekStart)} lines={[`${CHART_STRINGS.views}: ${int(w.views)}`]} />;
}

function Empty({ text }: { text: string }) {
  return (
    <div className="flex h-56 items-center justify-center rounded-md border border-dashed text-center text-sm text-muted-foreground" data-testid="chart-empty">
      {text}
    </div>
  );
}

/**
 * The charts of the report: weekly open rate (line), releases by category (donut), CTR by
 * category (bar), and views of the public newsroom per week (bar: a source of its own).
 */
export function ReportCharts({ report }: { report: ClientReport }) {
  const weekly: WeekRow[] = report.weekly.map((w) => ({ ...w, label: ddmm(w.weekStart), [CHART_STRINGS.openRate]: w.openRate }));
  const hasSends = report.weekly.some((w) => w.openRate !== null);
  const cats: CatRow[] = report.byCategory.map((c) => ({ ...c, name: categoryLabel(c.category), value: c.releases, CTR: c.ctr }));
  const colours = report.byCategory.map((c) => categoryColor(c.category).tremor);
  const total = cats.reduce((n, c) => n + c.releases, 0);
  const views: ViewsRow[] = report.newsroomWeekly.map((w) => ({ ...w, label: ddmm(w.weekStart), [CHART_STRINGS.views]: w.views }));
  const hasViews = report.newsroomWeekly.some((w) => w.views > 0);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card className="lg:col-span-2" data-testid="chart-weekly">
        <CardHeader>
          <CardTitle className="text-base">{CHART_STRINGS.weekly}</CardTitle>
          <CardDescription>{CHART_STRINGS.weeklyText(report.range.to)}</CardDescription>
        </CardHeader>
        <CardContent>
          {hasSends ? (
            <LineChart
              className="h-64"
              data={weekly}
              index="label"
              categories={[CHART_STRINGS.openRate]}
              colors={['blue']}
              valueFormatter={(n) => pct(n)}
              customTooltip={WeeklyTooltip}
              connectNulls
              showLegend={false}
              yAxisWidth={48}
              noDataText={CHART_STRINGS.noSends}
            />
          ) : (
            <Empty text={CHART_STRINGS.noSends} />
          )}
        </CardContent>
      </Card>
      <Card data-testid="chart-categories">
        <CardHeader>
          <CardTitle className="text-base">{CHART_STRINGS.byCategory}</CardTitle>
          <CardDescription>{CHART_STRINGS.byCategoryText}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-4">
          {cats.length ? (
            <>
              <DonutChart
                className="h-52"
                data={cats}
                category="value"
                index="name"
                colors={colours}
                valueFormatter={int}
                customTooltip={CategoryTooltip}
                label={int(total)}
              />
              <Legend categories={cats.map((c) => `${c.name} (${int(c.releases)})`)} colors={colours} className="justify-center" />
            </>
          ) : (
            <Empty text={CHART_STRINGS.noCategories} />
          )}
        </CardContent>
      </Card>
      <Card data-testid="chart-ctr">
        <CardHeader>
          <CardTitle className="text-base">{CHART_STRINGS.ctr}</CardTitle>
          <CardDescription>{CHART_STRINGS.ctrText}</CardDescription>
        </CardHeader>
        <CardContent>
          {cats.length ? (
            <BarChart
              className="h-64"
              data={cats}
              index="name"
              categories={['CTR']}
              colors={['blue']}
              layout="vertical"
              valueFormatter={(n) => pct(n, 1)}
              customTooltip={CtrTooltip}
              showLegend={false}
              yAxisWidth={88}
            />
          ) : (
            <Empty text={CHART_STRINGS.noCategories} />
          )}
        </CardContent>
      </Card>
      <Card className="lg:col-span-2" data-testid="chart-newsroom">
        <CardHeader>
          <CardTitle className="text-base">{CHART_STRINGS.newsroom}</CardTitle>
          <CardDescription data-testid="newsroom-views-total">{newsroomViewsText(report.totals.newsroomViews, report.range)}</CardDescription>
        </CardHeader>
        <CardContent>
          {hasViews ? (
            <BarChart
              className="h-56"
              data={views}
              index="label"
              categories={[CHART_STRINGS.views]}
              colors={['violet']}
              valueFormatter={int}
              customTooltip={ViewsTooltip}
              showLegend={false}
              allowDecimals={false}
              yAxisWidth={40}
            />
          ) : (
            <Empty text={CHART_STRINGS.noViews} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
