import { createContext, type ReactNode, use, useCallback, useRef, useState } from 'react';
import './notices.css';

/** How long a notice stays, unless dismissed first. */
const NOTICE_MS = 6000;

interface Notice {
  id: number;
  text: string;
}

const NotifyContext = createContext<((text: string) => void) | null>(null);

/**
 * Short confirmations ("Customer saved.") for a few seconds: at the top right on a desktop, at the bottom of a
 * phone's screen (`notices.css`), where they cover neither the page's heading nor its buttons. They live above
 * the router, so a notice raised just before navigating shows on the next page; a reload does not bring it back.
 * They are in the first download, so a notice shows whatever the network is doing when it is raised (a save that
 * went through as the connection came back says so), and drawn with the page's own elements: a Mantine component
 * here would bring its shared code into the first download of every screen (6 KiB of gzip for the customers list).
 */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
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

  return (
    <NotifyContext value={notify}>
      {children}
      {notices.length > 0 && (
        <div className="notices">
          {notices.map((notice) => (
            <div key={notice.id} className="notice" role="status">
              <p>{notice.text}</p>
              <button
                type="button"
                className="notice-dismiss"
                aria-label="Dismiss"
                onClick={() => dismiss(notice.id)}
              >
                <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M11.78 4.28a.75.75 0 0 0-1.06-1.06L7.5 6.44 4.28 3.22a.75.75 0 0 0-1.06 1.06L6.44 7.5l-3.22 3.22a.75.75 0 1 0 1.06 1.06L7.5 8.56l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.56 7.5l3.22-3.22Z"
                  />
                </svg>
              </button>
            </div>
          ))}
        </div>
      )}
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
