import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, type User } from '../../api/client';
import { PageLoading } from '../../ui/page/PageState';
import { apiErrorText, isNetworkError } from '../../lib/apiErrorText';
import { notify } from '../../lib/notify';
import { returnPath } from '../../ui/RequireAuth';
import { sessionSignedIn, useSession } from '../../lib/useSession';

/**
 * useAuthForm holds what the login and sign-up forms share: the seed's
 * message catalogue (auth.<kind>.required, failed, unexpected, network,
 * success), server field errors, the busy state, and where to go after
 * success (back to the page a guard came from, else /).
 */
export function useAuthForm(kind: 'login' | 'signup') {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  // Set with the session, in the same render: the form leaves by its own navigation, not as a signed-in visitor.
  const [justSignedIn, setJustSignedIn] = useState(false);

  /** What to render instead of the form: a spinner, or home for someone already signed in. */
  let replacement: ReactNode = null;
  if (isLoading) replacement = <PageLoading />;
  else if (user && !justSignedIn) replacement = <Navigate to="/" replace />;

  /** submit runs call once the required fields are filled, and signs the user in. */
  async function submit(requiredFilled: boolean, call: () => Promise<User>) {
    setError(null);
    setFieldErrors({});
    if (!requiredFilled) {
      setError(t(`auth.${kind}.required`));
      return;
    }
    setSubmitting(true);
    try {
      const signedIn = await call();
      setJustSignedIn(true);
      sessionSignedIn(client, signedIn);
      void notify('green', t(`auth.${kind}.success`));
      await navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setSubmitting(false);
      if (isNetworkError(err)) {
        setError(t(`auth.${kind}.network`));
      } else if (err instanceof ApiError) {
        setError(apiErrorText(err, 'common', t(`auth.${kind}.failed`)));
        setFieldErrors(err.fields);
      } else {
        setError(t(`auth.${kind}.unexpected`));
      }
    }
  }

  return { replacement, error, fieldErrors, submitting, submit, switchState: location.state as unknown };
}
