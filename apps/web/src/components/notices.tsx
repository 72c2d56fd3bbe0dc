import { createContext, type ReactNode, use, useCallback, useEffect, useRef, useState } from 'react';
import type { Notice } from './notice-stack';

/** How long a notice stays, unless dismissed first. */
const NOTICE_MS = 6000;
/** When the notices' code is fetched ahead of the first notice. */
const PREFETCH_MS = 3000;

const NotifyContext = createContext<((text: string) => void) | null>(null);

type NoticeStackComponent = typeof import('./notice-stack').default;

let loading: Promise<NoticeStackComponent> | undefined;
/** The notices' code, once; a failed download (offline) is tried again with the next notice. */
const loadNoticeStack = () => {
  loading ??= import('./notice-stack').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

/**
 * Short confirmations ("Customer saved.") for a few seconds: at the top right on a desktop, at the bottom of a
 * phone's screen (`notices.css`), where they cover neither the page's heading nor its buttons. They live above
 * the router, so a notice raised just before navigating shows on the next page; a reload does not bring it back.
 * Their code (`notice-stack.tsx`) loads a few seconds after the app starts, or with the first notice if sooner.
 */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const [Stack, setStack] = useState<{ Component: NoticeStackComponent } | null>(null);
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => {
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);

  const notify = useCallback(
    (text: string) => {
      nextId.current += 1;
      const id = nextId.current;
      setNotices((current) => [...current, { id, text }]);
      window.setTimeout(() => dismiss(id), NOTICE_MS);
    },
    [dismiss],
  );

  // The code is fetched a few seconds after the first screen, so a notice shows at once later, the network cut or
  // not; the first screen's download stays without it.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      loadNoticeStack().catch(() => {
        // Tried again with the first notice.
      });
    }, PREFETCH_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const waiting = notices.length > 0 && Stack === null;
  useEffect(() => {
    if (!waiting) return;
    loadNoticeStack().then(
      (Component) => setStack({ Component }),
      (error: unknown) => console.error('The notices could not be loaded.', error),
    );
  }, [waiting]);

  return (
    <NotifyContext value={notify}>
      {children}
      {notices.length > 0 && Stack && <Stack.Component notices={notices} onDismiss={dismiss} />}
    </NotifyContext>
  );
}

/** Shows a short confirmation: `notify('Customer saved.')`. */
export function useNotify(): (text: string) => void {
  const notify = use(NotifyContext);
  if (!notify) {
    throw new Error('useNotify must be used inside <NoticesProvider>.');
  }
  return notify;
}
