import type * as React from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: React.ReactNode;
}

/** A legal document: a table of contents, then numbered sections. */
export function LegalSections({
  sections,
  updated,
}: {
  sections: LegalSection[];
  updated: string;
}) {
  return (
    <div className="grid gap-10 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Περιεχόμενα" className="lg:sticky lg:top-24 lg:self-start">
        <p className="text-sm font-semibold">Περιεχόμενα</p>
        <ol className="mt-3 space-y-2 text-sm">
          {sections.map((s, i) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-slate-700 hover:text-primary hover:underline">
                {i + 1}. {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {/* min-w-0: a wide block (a table) scrolls in its own box instead of widening the page. */}
      <div className="min-w-0 max-w-3xl space-y-10">
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="scroll-mt-24">
            <h2 id={`${s.id}-h`} className="text-xl font-semibold">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">
              {s.body}
            </div>
          </section>
        ))}
        <p className="text-sm text-muted-foreground">Τελευταία ενημέρωση: {updated}</p>
      </div>
    </div>
  );
}
