import { PRODUCT_NAME } from '@shared/constants';

/** "<title> | Deltio", or the product name alone. */
export function formatDocumentTitle(title: string | undefined): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
