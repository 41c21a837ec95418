import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from './features/layout/PublicLayout';
import { RouteError } from './features/layout/RouteError';
import { RequireAuth } from './features/auth/RequireAuth';
import { noteLocation } from './features/analytics/referrer';

// Every page is its own chunk: the home page downloads only the shell and
// itself; the admin area and heavy libraries (charts, dates) load where used.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: page(() => import('./features/home/HomePage')) },
      { path: 'about', lazy: page(() => import('./features/about/AboutPage')) },
      { path: 'services', lazy: page(() => import('./features/services/ServicesPage')) },
      { path: 'services/:slug', lazy: page(() => import('./features/services/ServiceDetailPage')) },
      { path: 'blogs', lazy: page(() => import('./features/blogs/BlogsPage')) },
      { path: 'faqs', lazy: page(() => import('./features/faqs/FaqsPage')) },
      { path: 'marketing', lazy: page(() => import('./features/marketing/MarketingPage')) },
      { path: 'movies', lazy: page(() => import('./features/movies/MoviesPage')) },
      { path: 'movie/:id', lazy: page(() => import('./features/movies/MovieDetailPage')) },
      { path: 'contact', lazy: page(() => import('./features/contact/ContactPage')) },
      { path: 'privacy', lazy: page(() => import('./features/legal/PrivacyPage')) },
      { path: 'terms', lazy: page(() => import('./features/legal/TermsPage')) },
      { path: 'cookies', lazy: page(() => import('./features/cookies/CookiesPage')) },
      { path: 'pricing', lazy: page(() => import('./features/pricing/PricingPage')) },
      { path: 'pricing/:packageId', lazy: page(() => import('./features/pricing/CheckoutPage')) },
      { path: 'login', lazy: page(() => import('./features/auth/LoginPage')) },
      { path: 'signup', lazy: page(() => import('./features/auth/SignupPage')) },
      { path: 'verify-email', lazy: page(() => import('./features/auth/VerifyEmailPage')) },
      { path: 'forgot-password', lazy: page(() => import('./features/privacy/ForgotPasswordPage')) },
      { path: 'reset-password', lazy: page(() => import('./features/privacy/ResetPasswordPage')) },
      { path: 'festival/:slug', lazy: page(() => import('./features/festivals/FestivalPage')) },
      { path: 'judge/invitations/:token', lazy: page(() => import('./features/judging/InvitationPage')) },
      {
        Component: RequireAuth,
        children: [
          { path: 'festivals', lazy: page(() => import('./features/festivals/FestivalsPage')) },
          { path: 'submit', lazy: page(() => import('./features/festivals/SubmitFestivalPage')) },
          // A filmmaker enters a film: ?festival=slug and/or ?film=id preselect.
          { path: 'submit-film', lazy: page(() => import('./features/submissions/SubmitFilmPage')) },
          { path: 'films', lazy: page(() => import('./features/films/FilmsPage')) },
          { path: 'films/new', lazy: page(() => import('./features/films/FilmEditorPage')) },
          { path: 'films/:id', lazy: page(() => import('./features/films/FilmEditorPage')) },
          { path: 'submissions', lazy: page(() => import('./features/submissions/SubmissionsPage')) },
          { path: 'manage', lazy: page(() => import('./features/festivals/ManagePage')) },
          { path: 'manage/festivals/:slug', lazy: page(() => import('./features/festivals/ManageFestivalPage')) },
          { path: 'manage/festivals/:slug/submissions', lazy: page(() => import('./features/manage-submissions/SubmissionsPage')) },
          {
            path: 'manage/festivals/:slug/submissions/:id',
            lazy: page(() => import('./features/manage-submissions/SubmissionDetailPage')),
          },
          { path: 'manage/festivals/:slug/judges', lazy: page(() => import('./features/manage-submissions/JudgesPage')) },
          { path: 'manage/festivals/:slug/ranking', lazy: page(() => import('./features/manage-submissions/RankingPage')) },
          { path: 'manage/festivals/:slug/settings', lazy: page(() => import('./features/manage-submissions/SettingsPage')) },
          { path: 'manage/festivals/:slug/analytics', lazy: page(() => import('./features/analytics/AnalyticsPage')) },
          { path: 'manage/promotion', lazy: page(() => import('./features/promotion/PromotionPage')) },
          { path: 'judge', lazy: page(() => import('./features/judging/JudgeHomePage')) },
          { path: 'judge/:slug', lazy: page(() => import('./features/judging/JudgeQueuePage')) },
          { path: 'judge/:slug/:submissionId', lazy: page(() => import('./features/judging/JudgeScorePage')) },
          { path: 'account', lazy: page(() => import('./features/account/AccountPage')) },
          { path: 'account/receipts/:id', lazy: page(() => import('./features/account/ReceiptPage')) },
          { path: 'account/privacy', lazy: page(() => import('./features/privacy/PrivacyPage')) },
          { path: 'screenings/:id/buy', lazy: page(() => import('./features/tickets/BuyPage')) },
          { path: 'tickets', lazy: page(() => import('./features/tickets/TicketsPage')) },
          { path: 'tickets/:id', lazy: page(() => import('./features/tickets/TicketPage')) },
          { path: 'manage/festivals/:slug/screenings', lazy: page(() => import('./features/screenings/ScreeningsPage')) },
          { path: 'manage/festivals/:slug/check-in', lazy: page(() => import('./features/check-in/CheckInPage')) },
        ],
      },
      { path: '*', lazy: page(() => import('./features/layout/NotFoundPage')) },
    ],
  },
  {
    path: '/admin',
    lazy: page(() => import('./features/admin/AdminLayout')),
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: page(() => import('./features/admin/AdminDashboardPage')) },
      { path: 'users', lazy: page(() => import('./features/admin/AdminUsersPage')) },
      { path: 'users/:id', lazy: page(() => import('./features/admin/AdminUserPage')) },
      { path: 'audit', lazy: page(() => import('./features/admin/AdminAuditPage')) },
      { path: 'pricing', lazy: page(() => import('./features/admin/AdminPricingPage')) },
      { path: 'messages', lazy: page(() => import('./features/admin/AdminMessagesPage')) },
      { path: 'festivals', lazy: page(() => import('./features/admin/AdminFestivalsPage')) },
      { path: 'outbox', lazy: page(() => import('./features/admin/AdminOutboxPage')) },
      { path: 'purchases', lazy: page(() => import('./features/admin/AdminPurchasesPage')) },
      { path: 'promotions', lazy: page(() => import('./features/promotion/AdminPromotionsPage')) },
      { path: '*', lazy: page(() => import('./features/layout/NotFoundPage')) },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  // Page view beacons name the in-app page a visitor came from.
  const note = () => noteLocation(router.state.location.pathname + router.state.location.search);
  note();
  router.subscribe(note);
  return router;
}
