// Whether the viewport is at most the mobile breakpoint (600 px), as React state.
import { useSyncExternalStore } from 'react';
import { MobileBreakpoint } from './constants';

const query = `(max-width: ${MobileBreakpoint}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

/** True while the viewport width is ≤ 600 px. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
