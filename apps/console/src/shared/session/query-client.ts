import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';
import { type Mutation, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../api/index.ts';
import { forgetSession, profileQuery, SESSION_SUBJECT } from './session.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Toast shown when the mutation succeeds. */
      successMessage?: string;
      /** Set false where the screen shows the failure itself. Defaults to true. */
      errorToast?: boolean;
      /**
       * What the mutation is about ('brand'): its failure's toast goes once a mutation about the same succeeds;
       * without one, the toast stays its 4 s. SESSION_SUBJECT (signing in) clears every toast.
       */
      subject?: string;
    };
  }
}

/** A refusal (4xx) says the same the second time; a lost connection or a 5xx may not. */
const retryOnce = (failures: number, err: unknown) =>
  failures < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500);

/**
 * The console's one query client: route loaders start a screen's calls with it before the screen renders
 * (router.tsx), and the screen's hooks find them under way. The one place saves and deletes say how they went.
 */
/**
 * The profile is read once, so a session that ends meanwhile (a logout in another tab, the idle expiry) shows
 * first as a 401 from some other call: then the console signs out here too, and the guard goes to the sign-in page.
 */
function sessionEnded(err: unknown) {
  if (err instanceof ApiError && err.status === 401 && queryClient.getQueryData(profileQuery.queryKey)) {
    forgetSession(queryClient);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any mutation of the cache, whatever its types
type AnyMutation = Mutation<any, any, any, any>;

function subjectOf(mutation: AnyMutation, err?: unknown): string | undefined {
  if (err instanceof ApiError && err.status === 401) return SESSION_SUBJECT;
  return mutation.options.meta?.subject;
}

const errorToastPrefix = (subject: string) => `error:${subject}:`;
const successToastPrefix = (message: string) => `success:${message}:`;
let toasts = 0;

/** Takes away the toasts whose ids start with `prefix` (shown or waiting in the queue). */
function hideToasts(prefix: string) {
  notifications.updateState(notificationsStore, (shown) => shown.filter((n) => !n.id?.startsWith(prefix)));
}

/**
 * A toast that takes the place of the one before it of the same kind (the same failure's subject, the same success),
 * so a repeated refusal, or a run of moves each saying "Order saved", shows once and does not pile up over the screen.
 */
function showToastInstead(prefix: string, toast: Omit<NotificationData, 'id'>) {
  hideToasts(prefix);
  toasts += 1;
  notifications.show({ ...toast, id: `${prefix}${toasts}` });
}

/** A failure's toast; the one before it about the same subject goes. */
function showErrorToast(err: unknown, subject: string | undefined) {
  const toast = { color: 'red', title: 'Error', message: errorMessage(err) };
  if (subject) showToastInstead(errorToastPrefix(subject), toast);
  else notifications.show(toast);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
  queryCache: new QueryCache({ onError: sessionEnded }),
  mutationCache: new MutationCache({
    onSuccess: (_data, _vars, _ctx, mutation) => {
      // What a failure's toast said is no longer so: a new session starts clean, a save takes its refusal away.
      const subject = subjectOf(mutation);
      if (subject === SESSION_SUBJECT) notifications.clean();
      else if (subject) hideToasts(errorToastPrefix(subject));
      const message = mutation.options.meta?.successMessage;
      if (message) showToastInstead(successToastPrefix(message), { color: 'green', message });
    },
    onError: (err, _vars, _ctx, mutation) => {
      sessionEnded(err);
      if (mutation.options.meta?.errorToast === false) return;
      showErrorToast(err, subjectOf(mutation, err));
    },
  }),
});

// A page the browser brings back from its back-forward cache shows the session as it was then: ask again.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
});
