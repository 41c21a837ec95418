import { lazy, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { PublicLayout } from './app/PublicLayout';
import { RouteErrorBoundary } from './app/RouteErrorBoundary';
import { RequireAuth } from './ui/RequireAuth';
import { noteLocation } from './lib/referrer';
import type { pages } from './pages';

// Every page is its own chunk: the home page downloads only the shell and
// itself; the admin area and heavy libraries (charts, dates) load where used.
// The routes are rendered by a plain <BrowserRouter> (AppRoutes below), not a
// data router: no page uses loaders or actions, and the data router's code was
// about 17 KB gzip of the home page's first load. A page's chunk loads when it is first
// rendered (React.lazy); navigations are transitions, so the previous page
// stays on screen until the next one is ready.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

// The other pages load through pages.ts: each dynamic import carries the list
// of chunks its page needs (about 3.5 KB gzip for all of them), which the home
// page does not need. That table is fetched with the first such page, while
// RequireAuth checks the session (PrivateArea), or as soon as a visitor
// points at, touches or focuses a link (useOtherPagesOnIntent), so that
// following a link costs no extra round trip; landing on one of those pages
// from outside costs one (a small file). Home, festival pages (where shared
// links land) and the 404 page keep their loaders here.
const loadOtherPages = () => import('./pages');
const otherPage = (name: keyof typeof pages) => page(() => loadOtherPages().then((m) => m.pages[name]()));

/** PrivateArea fetches the pages' loaders while RequireAuth checks the session. */
function PrivateArea() {
  useEffect(() => {
    void loadOtherPages();
  }, []);
  return <RequireAuth />;
}

const intentEvents = ['pointerover', 'touchstart', 'focusin'] as const;

/** useOtherPagesOnIntent fetches the pages' loaders when a link is first pointed at, touched or focused. */
function useOtherPagesOnIntent() {
  useEffect(() => {
    const stop = () => intentEvents.forEach((type) => document.removeEventListener(type, onIntent, true));
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest('a[href]')) return;
      stop();
      void loadOtherPages();
    };
    intentEvents.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
    return stop;
  }, []);
}

const AdminLayout = otherPage('app/AdminLayout');
// One component for the routes that share a page, so that moving between them
// keeps it mounted (as /films/new does when it becomes /films/:id).
const FilmEditorPage = otherPage('films/FilmEditorPage');
const NotFoundPage = page(() => import('./app/NotFoundPage'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <PublicLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, Component: page(() => import('./features/home/HomePage')) },
      { path: 'about', Component: otherPage('about/AboutPage') },
      { path: 'services', Component: otherPage('services/ServicesPage') },
      { path: 'services/:slug', Component: otherPage('services/ServiceDetailPage') },
      { path: 'blogs', Component: otherPage('blogs/BlogsPage') },
      { path: 'faqs', Component: otherPage('faqs/FaqsPage') },
      { path: 'marketing', Component: otherPage('marketing/MarketingPage') },
      { path: 'movies', Component: otherPage('movies/MoviesPage') },
      { path: 'movie/:id', Component: otherPage('movies/MovieDetailPage') },
      { path: 'contact', Component: otherPage('contact/ContactPage') },
      { path: 'privacy', Component: otherPage('legal/PrivacyPage') },
      { path: 'terms', Component: otherPage('legal/TermsPage') },
      { path: 'cookies', Component: otherPage('cookies/CookiesPage') },
      { path: 'pricing', Component: otherPage('pricing/PricingPage') },
      { path: 'pricing/:packageId', Component: otherPage('pricing/CheckoutPage') },
      { path: 'login', Component: otherPage('auth/LoginPage') },
      { path: 'signup', Component: otherPage('auth/SignupPage') },
      { path: 'verify-email', Component: otherPage('auth/VerifyEmailPage') },
      { path: 'forgot-password', Component: otherPage('privacy/ForgotPasswordPage') },
      { path: 'reset-password', Component: otherPage('privacy/ResetPasswordPage') },
      { path: 'festival/:slug', Component: page(() => import('./app/FestivalRoute')) },
      // Discovery (search, filters, the assistant) is public, as festival pages are.
      { path: 'festivals', Component: otherPage('festivals/FestivalsPage') },
      { path: 'judge/invitations/:token', Component: otherPage('judging/InvitationPage') },
      // Tickets without an account (issue 27): the guest checkout, its order's link, and the guest waiting list.
      { path: 'screenings/:id/guest', Component: otherPage('tickets/GuestBuyPage') },
      { path: 'orders/guest/:token', Component: otherPage('tickets/GuestOrderPage') },
      { path: 'screenings/:id/guest-waitlist', Component: otherPage('ticket-waitlist/GuestWaitlistPage') },
      { path: 'waitlist/guest/:token', Component: otherPage('ticket-waitlist/GuestWaitlistConfirmPage') },
      { path: 'waitlist/guest-offers/:token', Component: otherPage('ticket-waitlist/GuestOfferPage') },
      {
        Component: PrivateArea,
        children: [
          { path: 'submit', Component: otherPage('festivals/SubmitFestivalPage') },
          // A filmmaker enters a film: ?festival=slug and/or ?film=id preselect.
          { path: 'submit-film', Component: otherPage('submissions/SubmitFilmPage') },
          { path: 'films', Component: otherPage('films/FilmsPage') },
          { path: 'films/new', Component: FilmEditorPage },
          { path: 'films/:id', Component: FilmEditorPage },
          { path: 'films/:id/project', Component: otherPage('film-project/FilmProjectPage') },
          { path: 'saved-festivals', Component: otherPage('film-project/SavedFestivalsPage') },
          { path: 'submissions', Component: otherPage('submissions/SubmissionsPage') },
          { path: 'submissions/:id/messages', Component: otherPage('submission-management/ThreadPage') },
          { path: 'manage', Component: otherPage('app/ManageRoute') },
          { path: 'manage/festivals/:slug', Component: otherPage('festivals/ManageFestivalPage') },
          { path: 'manage/festivals/:slug/submissions', Component: otherPage('manage-submissions/SubmissionsPage') },
          {
            path: 'manage/festivals/:slug/submissions/:id',
            Component: otherPage('manage-submissions/SubmissionDetailPage'),
          },
          { path: 'manage/festivals/:slug/judges', Component: otherPage('manage-submissions/JudgesPage') },
          { path: 'manage/festivals/:slug/ranking', Component: otherPage('manage-submissions/RankingPage') },
          { path: 'manage/festivals/:slug/settings', Component: otherPage('manage-submissions/SettingsPage') },
          { path: 'manage/festivals/:slug/submission-tools', Component: otherPage('submission-management/SubmissionToolsPage') },
          { path: 'manage/festivals/:slug/submissions/:id/manage', Component: otherPage('submission-management/EntryPage') },
          { path: 'manage/festivals/:slug/analytics', Component: otherPage('analytics/AnalyticsPage') },
          { path: 'manage/festivals/:slug/activity', Component: otherPage('activity/ActivityPage') },
          { path: 'manage/festivals/:slug/earnings', Component: otherPage('app/EarningsRoute') },
          { path: 'manage/promotion', Component: otherPage('promotion/PromotionPage') },
          { path: 'judge', Component: otherPage('judging/JudgeHomePage') },
          { path: 'judge/:slug', Component: otherPage('judging/JudgeQueuePage') },
          { path: 'judge/:slug/:submissionId', Component: otherPage('judging/JudgeScorePage') },
          { path: 'account', Component: otherPage('account/AccountPage') },
          { path: 'account/receipts/:id', Component: otherPage('account/ReceiptPage') },
          { path: 'account/privacy', Component: otherPage('privacy/PrivacyPage') },
          { path: 'screenings/:id/buy', Component: otherPage('app/BuyRoute') },
          { path: 'tickets', Component: otherPage('tickets/TicketsPage') },
          { path: 'tickets/:id', Component: otherPage('tickets/TicketPage') },
          { path: 'manage/festivals/:slug/screenings', Component: otherPage('screenings/ScreeningsPage') },
          { path: 'manage/festivals/:slug/ticket-offers', Component: otherPage('ticket-types/TicketOffersPage') },
          { path: 'manage/festivals/:slug/check-in', Component: otherPage('check-in/CheckInPage') },
          { path: 'manage/festivals/:slug/check-in/lists', Component: otherPage('door-lists/DoorListsPage') },
          { path: 'screenings/:id/waitlist', Component: otherPage('ticket-waitlist/WaitlistPage') },
          { path: 'waitlist/offers/:token', Component: otherPage('ticket-waitlist/OfferPage') },
          { path: 'manage/festivals/:slug/payouts', Component: otherPage('payouts/FestivalPayoutsPage') },
          // The payout test mode's stand-in for Stripe's hosted onboarding.
          { path: 'payouts/test-onboarding', Component: otherPage('payouts/TestOnboardingPage') },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
  {
    path: '/admin',
    element: (
      <RouteErrorBoundary>
        <AdminLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, Component: otherPage('admin/AdminDashboardPage') },
      { path: 'users', Component: otherPage('admin/AdminUsersPage') },
      { path: 'commission', Component: otherPage('earnings/CommissionOverridesPage') },
      { path: 'users/:id', Component: otherPage('admin/AdminUserPage') },
      { path: 'audit', Component: otherPage('admin/AdminAuditPage') },
      { path: 'pricing', Component: otherPage('admin/AdminPricingPage') },
      { path: 'messages', Component: otherPage('admin/AdminMessagesPage') },
      { path: 'festivals', Component: otherPage('admin/AdminFestivalsPage') },
      { path: 'outbox', Component: otherPage('admin/AdminOutboxPage') },
      { path: 'purchases', Component: otherPage('admin/AdminPurchasesPage') },
      { path: 'promotions', Component: otherPage('admin/AdminPromotionsPage') },
      { path: 'payouts', Component: otherPage('payouts/AdminPayoutsPage') },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** AppRoutes renders the page for the current location (inside a router). */
export function AppRoutes() {
  const location = useLocation();
  // Page view beacons name the in-app page a visitor came from: the location
  // is noted before any page's effects run.
  useLayoutEffect(() => noteLocation(location.pathname + location.search), [location]);
  useOtherPagesOnIntent();
  return useRoutes(routes);
}
