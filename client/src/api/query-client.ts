import { createElement, useContext, type ComponentType } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let standalone: QueryClient | null = null;

/**
 * A component that reads the query cache, wherever it renders: inside the app (app.tsx) it
 * uses the app's client; on a prerendered public page (public-app.tsx, which has no query
 * cache of its own, so a visitor of the landing page does not download it) it brings one.
 */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    const existing = useContext(QueryClientContext);
    const inner = createElement(Component, props);
    if (existing) return inner;
    standalone ??= createQueryClient();
    return createElement(QueryClientProvider, { client: standalone }, inner);
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
