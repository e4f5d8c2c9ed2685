import { useNavigate, useSearchParams } from 'react-router';
import { useMe, useSetup } from '../../../lib/auth';
import { REDIRECT_PARAM, safeRedirect } from '../../../lib/redirect';

/** What the sign-in and sign-up pages share: who is signed in, the setup, and where to go once signed in. */
export function useSignedOutPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get(REDIRECT_PARAM));
  const { data: me } = useMe();
  const setup = useSetup();
  return {
    me,
    setup,
    redirectTo,
    continueToApp: () => navigate(redirectTo, { replace: true }),
    /** Another signed-out page, keeping where to return to afterwards. */
    otherPage: (pathname: string) => ({ pathname, search: params.toString() }),
  };
}
