import { lazy, useLayoutEffect, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { PublicLayout } from './features/layout/PublicLayout';
import { RouteErrorBoundary } from './features/layout/RouteErrorBoundary';
import { RequireAuth } from './features/auth/RequireAuth';
import { noteLocation } from './features/analytics/referrer';

// Every page is its own chunk: the home page downloads only the shell and
// itself; the admin area and heavy libraries (charts, dates) load where used.
// The routes are rendered by a plain <BrowserRouter> (AppRoutes below), not a
// data router: no page uses loaders or actions, and the data router's code is
// about 14 KB gzip of the first load. A page's chunk loads when it is first
// rendered (React.lazy); navigations are transitions, so the previous page
// stays on screen until the next one is ready.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
const AdminLayout = page(() => import('./features/admin/AdminLayout'));
// One component for the routes that share a page, so that moving between them
// keeps it mounted (as /films/new does when it becomes /films/:id).
const FilmEditorPage = page(() => import('./features/films/FilmEditorPage'));
const NotFoundPage = page(() => import('./features/layout/NotFoundPage'));

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
      { path: 'about', Component: page(() => import('./features/about/AboutPage')) },
      { path: 'services', Component: page(() => import('./features/services/ServicesPage')) },
      { path: 'services/:slug', Component: page(() => import('./features/services/ServiceDetailPage')) },
      { path: 'blogs', Component: page(() => import('./features/blogs/BlogsPage')) },
      { path: 'faqs', Component: page(() => import('./features/faqs/FaqsPage')) },
      { path: 'marketing', Component: page(() => import('./features/marketing/MarketingPage')) },
      { path: 'movies', Component: page(() => import('./features/movies/MoviesPage')) },
      { path: 'movie/:id', Component: page(() => import('./features/movies/MovieDetailPage')) },
      { path: 'contact', Component: page(() => import('./features/contact/ContactPage')) },
      { path: 'privacy', Component: page(() => import('./features/legal/PrivacyPage')) },
      { path: 'terms', Component: page(() => import('./features/legal/TermsPage')) },
      { path: 'cookies', Component: page(() => import('./features/cookies/CookiesPage')) },
      { path: 'pricing', Component: page(() => import('./features/pricing/PricingPage')) },
      { path: 'pricing/:packageId', Component: page(() => import('./features/pricing/CheckoutPage')) },
      { path: 'login', Component: page(() => import('./features/auth/LoginPage')) },
      { path: 'signup', Component: page(() => import('./features/auth/SignupPage')) },
      { path: 'verify-email', Component: page(() => import('./features/auth/VerifyEmailPage')) },
      { path: 'forgot-password', Component: page(() => import('./features/privacy/ForgotPasswordPage')) },
      { path: 'reset-password', Component: page(() => import('./features/privacy/ResetPasswordPage')) },
      { path: 'festival/:slug', Component: page(() => import('./features/festivals/FestivalPage')) },
      { path: 'judge/invitations/:token', Component: page(() => import('./features/judging/InvitationPage')) },
      {
        Component: RequireAuth,
        children: [
          { path: 'festivals', Component: page(() => import('./features/festivals/FestivalsPage')) },
          { path: 'submit', Component: page(() => import('./features/festivals/SubmitFestivalPage')) },
          // A filmmaker enters a film: ?festival=slug and/or ?film=id preselect.
          { path: 'submit-film', Component: page(() => import('./features/submissions/SubmitFilmPage')) },
          { path: 'films', Component: page(() => import('./features/films/FilmsPage')) },
          { path: 'films/new', Component: FilmEditorPage },
          { path: 'films/:id', Component: FilmEditorPage },
          { path: 'submissions', Component: page(() => import('./features/submissions/SubmissionsPage')) },
          { path: 'manage', Component: page(() => import('./features/festivals/ManagePage')) },
          { path: 'manage/festivals/:slug', Component: page(() => import('./features/festivals/ManageFestivalPage')) },
          { path: 'manage/festivals/:slug/submissions', Component: page(() => import('./features/manage-submissions/SubmissionsPage')) },
          {
            path: 'manage/festivals/:slug/submissions/:id',
            Component: page(() => import('./features/manage-submissions/SubmissionDetailPage')),
          },
          { path: 'manage/festivals/:slug/judges', Component: page(() => import('./features/manage-submissions/JudgesPage')) },
          { path: 'manage/festivals/:slug/ranking', Component: page(() => import('./features/manage-submissions/RankingPage')) },
          { path: 'manage/festivals/:slug/settings', Component: page(() => import('./features/manage-submissions/SettingsPage')) },
          { path: 'manage/festivals/:slug/analytics', Component: page(() => import('./features/analytics/AnalyticsPage')) },
          { path: 'manage/promotion', Component: page(() => import('./features/promotion/PromotionPage')) },
          { path: 'judge', Component: page(() => import('./features/judging/JudgeHomePage')) },
          { path: 'judge/:slug', Component: page(() => import('./features/judging/JudgeQueuePage')) },
          { path: 'judge/:slug/:submissionId', Component: page(() => import('./features/judging/JudgeScorePage')) },
          { path: 'account', Component: page(() => import('./features/account/AccountPage')) },
          { path: 'account/receipts/:id', Component: page(() => import('./features/account/ReceiptPage')) },
          { path: 'account/privacy', Component: page(() => import('./features/privacy/PrivacyPage')) },
          { path: 'screenings/:id/buy', Component: page(() => import('./features/tickets/BuyPage')) },
          { path: 'tickets', Component: page(() => import('./features/tickets/TicketsPage')) },
          { path: 'tickets/:id', Component: page(() => import('./features/tickets/TicketPage')) },
          { path: 'manage/festivals/:slug/screenings', Component: page(() => import('./features/screenings/ScreeningsPage')) },
          { path: 'manage/festivals/:slug/check-in', Component: page(() => import('./features/check-in/CheckInPage')) },
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
      { index: true, Component: page(() => import('./features/admin/AdminDashboardPage')) },
      { path: 'users', Component: page(() => import('./features/admin/AdminUsersPage')) },
      { path: 'users/:id', Component: page(() => import('./features/admin/AdminUserPage')) },
      { path: 'audit', Component: page(() => import('./features/admin/AdminAuditPage')) },
      { path: 'pricing', Component: page(() => import('./features/admin/AdminPricingPage')) },
      { path: 'messages', Component: page(() => import('./features/admin/AdminMessagesPage')) },
      { path: 'festivals', Component: page(() => import('./features/admin/AdminFestivalsPage')) },
      { path: 'outbox', Component: page(() => import('./features/admin/AdminOutboxPage')) },
      { path: 'purchases', Component: page(() => import('./features/admin/AdminPurchasesPage')) },
      { path: 'promotions', Component: page(() => import('./features/promotion/AdminPromotionsPage')) },
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
  return useRoutes(routes);
}
