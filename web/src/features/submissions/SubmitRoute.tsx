import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../content/PageState';

const SubmitFilmPage = lazy(() => import('./SubmitFilmPage'));
const SubmitFestivalPage = lazy(() => import('../festivals/SubmitFestivalPage'));

/**
 * /submit serves two forms: with `?festival=slug` or `?film=id` (from a
 * festival's page, a film project, or the films list) it is the
 * filmmaker's submission of a film; bare, it stays the seed's
 * 'Submit Your Festival' registration that the site already links to.
 */
export default function SubmitRoute() {
  const [params] = useSearchParams();
  const film = params.has('festival') || params.has('film');
  return <Suspense fallback={<PageLoading />}>{film ? <SubmitFilmPage /> : <SubmitFestivalPage />}</Suspense>;
}
