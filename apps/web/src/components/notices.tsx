import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import './notices.css';

/** How long a notice stays, unless dismissed first. */
const NOTICE_MS = 6000;

interface Notice {
  id: number;
  text: string;
  /** The form whose success it says: that form's later failure takes it away. */
  form?: string;
}

interface Notices {
  notify: (text: string, options?: { form?: string }) => void;
  withdraw: (form: string) => void;
}

const NotifyContext = createContext<Notices | null>(null);

/**
 * Short confirmations ("Customer saved.") for a few seconds: at the top right on a desktop, at the bottom of a
 * phone's screen (`notices.css`), where they cover neither the page's heading nor its buttons. They live above
 * the router, so a notice raised just before navigating shows on the next page; a reload does not bring it back.
 * They are in the first download, so a notice shows whatever the network is doing when it is raised (a save that
 * went through as the connection came back says so), and drawn with the page's own elements: a Mantine component
 * here would bring its shared code into the first download of every screen (6 KiB of gzip for the customers list).
 * A form's success notice goes when that form later fails (`useFormNotices`), so 'Saved.' never stands beside the
 * failure that followed it, and a form's new notice replaces its last.
 */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(0);
  // The notices' timers, stopped when the provider goes (a test's page unmounted with a notice still showing).
  const timers = useRef(new Set<number>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);

  const notify = useCallback(
    (text: string, { form }: { form?: string } = {}) => {
      nextId.current += 1;
      const id = nextId.current;
      // A form says one thing at a time: its latest save's notice replaces the one before.
      setNotices((current) => [
        ...current.filter((notice) => form === undefined || notice.form !== form),
        { id, text, form },
      ]);
      const timer = window.setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, NOTICE_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );

  const withdraw = useCallback((form: string) => {
    setNotices((current) => current.filter((notice) => notice.form !== form));
  }, []);

  const value = useMemo(() => ({ notify, withdraw }), [notify, withdraw]);

  return (
    <NotifyContext value={value}>
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

function useNotices(): Notices {
  const notices = use(NotifyContext);
  if (!notices) {
    throw new Error('useNotify must be used inside <NoticesProvider>.');
  }
  return notices;
}

/** Shows a short confirmation: `notify('Customer saved.')`. */
export function useNotify(): (text: string) => void {
  const { notify } = useNotices();
  return useCallback((text: string) => notify(text), [notify]);
}

/**
 * A form's notices: `confirm` its success, and `withdraw` that notice when the form later fails (a save refused, a
 * check failed), so it does not stand beside the failure. `form` names the form, the same across its remounts (an
 * editor started over after a save).
 */
export function useFormNotices(form: string) {
  const { notify, withdraw } = useNotices();
  return {
    confirm: (text: string) => notify(text, { form }),
    withdraw: () => withdraw(form),
  };
}
