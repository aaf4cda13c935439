/**
 * Data a public page is rendered with on the server (for a fast first paint): the plans on
 * /pricing, the system status on /status. The server renders those pages with it at
 * request time and embeds it for hydration (server/src/http/public-page-render.ts); the
 * browser reads it back (client/src/features/public/page-data.tsx).
 */
import type { Plan, StatusResponse } from './schemas/public-site';

export interface PageData {
  plans?: Plan[];
  /** null: the status could not be read (the page says so, never "all operational"). */
  status?: StatusResponse | null;
}

/** The element that carries the data in the page: <script type="application/json" id=…>. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** The data as an inert script element ('<' escaped, so no text in it can close the tag). */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}
