import { ToastProvider } from '@caliber/ui-kit';
import { QUERY_DEFAULTS } from '@caliber/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * What every screen behind sign-in shares: the app's ONE QueryClient (the remotes reach it
 * through the shared `@tanstack/react-query` singleton) and the toast. Both live in the signed-in
 * layout, which loads after sign-in, so the sign-in page downloads neither the query library nor
 * anything cached: signing out leaves the layout, and the next person starts with an empty cache.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: QUERY_DEFAULTS }));
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
