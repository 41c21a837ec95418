package server

import "net/http"

// router is what routes registers on: the server's http.ServeMux (tests
// record the patterns, so a test can walk every route).
type router interface {
	Handle(pattern string, h http.Handler)
	HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request))
}

// routes registers every route: the API's table of contents. A visitor may
// call the routes without a guard; requireUser answers 401 to visitors;
// requireAdmin 401 to visitors and 403 to non-admins. Services check the
// same permissions again (marquee.RequireAdmin, CanManageFestival).
func (s *Server) routes(mux router) {
	mux.HandleFunc("GET /healthz", s.handleHealthGet)
	mux.HandleFunc("GET /readyz", s.handleReadyGet)
	// Prometheus metrics on the site itself only with a bearer token
	// (MARQUEE_METRICS_TOKEN; the handler checks it); else on a listen
	// address of their own (MARQUEE_METRICS_ADDR), or off.
	if s.cfg.MetricsHandler != nil {
		mux.Handle("GET /metrics", s.cfg.MetricsHandler)
	}

	// Accounts: the seed's register and login calls, and their aliases.
	mux.HandleFunc("POST /api/v1/user/register", s.handleUserRegister)
	mux.HandleFunc("POST /api/v1/auth/signup", s.handleUserRegister)
	mux.HandleFunc("POST /api/v1/user/login", s.handleUserLogin)
	mux.HandleFunc("POST /api/v1/auth/login", s.handleUserLogin)
	mux.HandleFunc("POST /api/v1/auth/logout", s.handleUserLogout)
	mux.HandleFunc("GET /api/v1/session", s.handleSessionGet)
	mux.Handle("GET /api/v1/me", s.requireUser(s.handleMeGet))
	mux.Handle("POST /api/v1/me/password", s.requireUser(s.handleMePassword))
	mux.Handle("POST /api/v1/me/terms", s.requireUser(s.handleMeTerms))
	mux.Handle("POST /api/v1/me/verification", s.requireUser(s.handleMeVerification))
	mux.HandleFunc("POST /api/v1/verify-email", s.handleVerifyEmail)

	// Public information.
	mux.HandleFunc("GET /api/v1/packages", s.handlePackageList)
	mux.HandleFunc("GET /api/v1/packages/{id}", s.handlePackageGet)
	mux.HandleFunc("GET /api/v1/site", s.handleSiteGet)
	mux.HandleFunc("POST /api/v1/contact", s.handleContactCreate)

	// Festivals: registration (the REST call and the seed's), discovery
	// (approved festivals only) and the organiser's management.
	mux.Handle("POST /api/v1/festivals", s.requireUser(s.handleFestivalCreate))
	mux.HandleFunc("POST /api/v1/festival/create", s.handleCompatFestivalCreate)
	mux.HandleFunc("GET /api/v1/festivals", s.handleFestivalSearch)
	mux.HandleFunc("GET /api/v1/festivals/{slug}", s.handleFestivalGet)
	mux.Handle("GET /api/v1/manage/festivals", s.requireUser(s.handleManageFestivalList))
	mux.Handle("GET /api/v1/manage/festivals/{slug}", s.requireUser(s.handleManageFestivalGet))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}", s.requireUser(s.handleManageFestivalDetails))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/categories", s.requireUser(s.handleManageFestivalCategories))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/criteria", s.requireUser(s.handleManageFestivalCriteria))
	// The festival's audit trail (read only), for its organiser and admins.
	mux.Handle("GET /api/v1/manage/festivals/{slug}/activity", s.requireUser(s.handleFestivalActivityList))

	// Judging: the organiser's jury (judges, assignments, conflicts,
	// ranking, lock), the judges' queues and scores, and invitations.
	mux.Handle("GET /api/v1/manage/festivals/{slug}/judges", s.requireUser(s.handleJudgeList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/judges", s.requireUser(s.handleJudgeInvite))
	mux.Handle("DELETE /api/v1/manage/festivals/{slug}/judges/{id}", s.requireUser(s.handleJudgeRemove))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/assignments", s.requireUser(s.handleJudgeAssign))
	mux.Handle("DELETE /api/v1/manage/festivals/{slug}/judges/{judgeId}/submissions/{submissionId}", s.requireUser(s.handleJudgeUnassign))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/conflicts", s.requireUser(s.handleJudgeConflictList))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/ranking", s.requireUser(s.handleJudgeRanking))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/judging/lock", s.requireUser(s.handleJudgingLock))
	mux.Handle("GET /api/v1/judge/festivals", s.requireUser(s.handleJudgeFestivalList))
	mux.Handle("GET /api/v1/judge/festivals/{slug}/submissions", s.requireUser(s.handleJudgeQueue))
	mux.Handle("GET /api/v1/judge/festivals/{slug}/submissions/{id}", s.requireUser(s.handleJudgeAssignmentGet))
	mux.Handle("PUT /api/v1/judge/festivals/{slug}/submissions/{id}/score", s.requireUser(s.handleJudgeScoreSave))
	mux.Handle("POST /api/v1/judge/festivals/{slug}/submissions/{id}/conflict", s.requireUser(s.handleJudgeConflictDeclare))
	mux.HandleFunc("GET /api/v1/judge/invitations/{token}", s.handleJudgeInvitationGet)
	mux.Handle("POST /api/v1/judge/invitations/{token}/accept", s.requireUser(s.handleJudgeInvitationAccept))
	// Submissions: the filmmaker's entries, fees and withdrawals; the
	// organiser's list, decisions, flags, CSV, settings and waiver codes.
	mux.Handle("POST /api/v1/submissions/quote", s.requireUser(s.handleSubmissionQuote))
	mux.Handle("POST /api/v1/submissions", s.requireUser(s.handleSubmissionCreate))
	mux.Handle("GET /api/v1/submissions", s.requireUser(s.handleSubmissionList))
	mux.Handle("POST /api/v1/submissions/{id}/withdraw", s.requireUser(s.handleSubmissionWithdraw))
	mux.Handle("GET /api/v1/submissions/{id}/laurel/{format}", s.requireUser(s.handleSubmissionLaurelGet))
	mux.HandleFunc("GET /api/v1/festivals/{slug}/entry-rules", s.handleFestivalEntryRulesGet)
	mux.Handle("GET /api/v1/manage/festivals/{slug}/entry-rules", s.requireUser(s.handleManagedEntryRulesGet))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/entry-rules", s.requireUser(s.handleManagedEntryRulesPut))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/submissions", s.requireUser(s.handleFestivalSubmissionList))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/submissions/{id}", s.requireUser(s.handleFestivalSubmissionGet))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/submissions/decision", s.requireUser(s.handleFestivalSubmissionDecide))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/submissions/{id}/flag", s.requireUser(s.handleFestivalSubmissionFlag))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/submissions.csv", s.requireUser(s.handleFestivalSubmissionExport))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/settings", s.requireUser(s.handleFestivalSettingsGet))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/settings", s.requireUser(s.handleFestivalSettingsPut))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/waivers", s.requireUser(s.handleWaiverList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/waivers", s.requireUser(s.handleWaiverCreate))
	mux.Handle("DELETE /api/v1/manage/festivals/{slug}/waivers/{id}", s.requireUser(s.handleWaiverDelete))
	// Submission management (issue 30): questions, the organiser's
	// statuses, deadline extensions, decision texts, threads, bulk messages.
	mux.Handle("GET /api/v1/festivals/{slug}/questions", s.requireUser(s.handleFestivalQuestionList))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/questions", s.requireUser(s.handleFestivalQuestionPut))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/statuses", s.requireUser(s.handleEntryStatusList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/statuses", s.requireUser(s.handleEntryStatusCreate))
	mux.Handle("DELETE /api/v1/manage/festivals/{slug}/statuses/{id}", s.requireUser(s.handleEntryStatusDelete))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/submissions/entry-status", s.requireUser(s.handleFestivalSubmissionEntryStatus))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/extensions", s.requireUser(s.handleDeadlineExtensionList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/extensions", s.requireUser(s.handleDeadlineExtensionCreate))
	mux.Handle("DELETE /api/v1/manage/festivals/{slug}/extensions/{id}", s.requireUser(s.handleDeadlineExtensionDelete))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/notice-texts", s.requireUser(s.handleNoticeTextGet))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/notice-texts", s.requireUser(s.handleNoticeTextPut))
	mux.Handle("GET /api/v1/submissions/{id}/messages", s.requireUser(s.handleSubmissionMessageList))
	mux.Handle("POST /api/v1/submissions/{id}/messages", s.requireUser(s.handleSubmissionMessageCreate))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/submissions/{id}/messages", s.requireUser(s.handleFestivalSubmissionMessageList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/submissions/{id}/messages", s.requireUser(s.handleFestivalSubmissionMessageCreate))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/bulk-messages/preview", s.requireUser(s.handleBulkMessagePreview))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/bulk-messages", s.requireUser(s.handleBulkMessageCreate))

	// Reminders and their calendar feed.
	mux.Handle("GET /api/v1/reminders", s.requireUser(s.handleReminderList))
	mux.Handle("POST /api/v1/reminders", s.requireUser(s.handleReminderCreate))
	mux.Handle("DELETE /api/v1/reminders/{id}", s.requireUser(s.handleReminderDelete))
	// Saved festivals (a filmmaker's watch list, by next deadline).
	mux.Handle("GET /api/v1/saved-festivals", s.requireUser(s.handleSavedFestivalList))
	mux.Handle("PUT /api/v1/saved-festivals/{slug}", s.requireUser(s.handleSavedFestivalPut))
	mux.Handle("DELETE /api/v1/saved-festivals/{slug}", s.requireUser(s.handleSavedFestivalDelete))
	mux.Handle("GET /api/v1/reminders.ics", s.requireUser(s.handleRemindersICS))

	// Film projects: the filmmaker's own (the service shows a film to
	// organisers and judges too), the public listing, and the posters.
	mux.Handle("GET /api/v1/films", s.requireUser(s.handleFilmList))
	mux.Handle("POST /api/v1/films", s.requireUser(s.handleFilmCreate))
	mux.HandleFunc("GET /api/v1/films/public", s.handleFilmPublicList)
	mux.HandleFunc("GET /api/v1/films/{id}", s.handleFilmGet)
	mux.Handle("PUT /api/v1/films/{id}", s.requireUser(s.handleFilmUpdate))
	mux.Handle("DELETE /api/v1/films/{id}", s.requireUser(s.handleFilmDelete))
	mux.Handle("PUT /api/v1/films/{id}/poster", s.requireUser(s.handleFilmPosterPut))
	mux.Handle("PUT /api/v1/films/{id}/specs", s.requireUser(s.handleFilmSpecsPut))
	mux.Handle("POST /api/v1/films/{id}/stills", s.requireUser(s.handleFilmStillCreate))
	mux.Handle("PUT /api/v1/films/{id}/stills/order", s.requireUser(s.handleFilmStillOrder))
	mux.Handle("DELETE /api/v1/films/{id}/stills/{stillId}", s.requireUser(s.handleFilmStillDelete))
	mux.HandleFunc("GET /media/posters/{name}", s.handlePosterGet)
	mux.HandleFunc("GET /media/stills/{name}", s.handleStillGet)
	mux.HandleFunc("/media/", s.handleMediaNotFound)

	// Movies: the movie database's popular movies, or the listed films.
	mux.HandleFunc("GET /api/v1/movies/popular", s.handleMoviePopular)
	mux.HandleFunc("GET /api/v1/movies/{id}", s.handleMovieGet)

	// Payments: the provider's configuration, checkout (the REST call and
	// the seed's), the provider's webhook, and the buyer's purchases,
	// receipts and credit ledger.
	mux.HandleFunc("GET /api/v1/payments/config", s.handlePaymentConfig)
	mux.Handle("POST /api/v1/payments", s.requireUser(s.handlePaymentCheckout))
	mux.Handle("POST /api/v1/payments/{id}/confirm", s.requireUser(s.handlePaymentConfirm))
	mux.HandleFunc("POST /api/v1/payments/webhook", s.handlePaymentWebhook)
	mux.HandleFunc("POST /api/v1/payment/create", s.handleCompatPaymentCreate)
	mux.Handle("GET /api/v1/me/purchases", s.requireUser(s.handlePurchaseList))
	mux.Handle("GET /api/v1/me/purchases/{id}", s.requireUser(s.handlePurchaseGet))
	mux.Handle("GET /api/v1/me/ledger", s.requireUser(s.handleLedgerList))

	// Admin.
	mux.Handle("GET /api/v1/admin/dashboard", s.requireAdmin(s.handleAdminDashboard))
	mux.Handle("GET /api/v1/admin/users", s.requireAdmin(s.handleAdminUserList))
	mux.Handle("GET /api/v1/admin/messages", s.requireAdmin(s.handleAdminMessageList))
	mux.Handle("PATCH /api/v1/admin/messages/{id}", s.requireAdmin(s.handleAdminMessageUpdate))
	mux.Handle("GET /api/v1/admin/festivals", s.requireAdmin(s.handleAdminFestivalList))
	mux.Handle("POST /api/v1/admin/festivals/{id}/approve", s.requireAdmin(s.handleAdminFestivalApprove))
	mux.Handle("POST /api/v1/admin/festivals/{id}/reject", s.requireAdmin(s.handleAdminFestivalReject))
	mux.Handle("POST /api/v1/admin/festivals/{id}/revision/approve", s.requireAdmin(s.handleAdminFestivalRevisionApprove))
	mux.Handle("POST /api/v1/admin/festivals/{id}/revision/reject", s.requireAdmin(s.handleAdminFestivalRevisionReject))
	mux.Handle("GET /api/v1/admin/outbox", s.requireAdmin(s.handleAdminOutboxList))
	mux.Handle("GET /api/v1/admin/purchases", s.requireAdmin(s.handleAdminPurchaseList))
	mux.Handle("GET /api/v1/admin/purchases/{id}/refund-preview", s.requireAdmin(s.handleAdminPurchaseRefundPreview))
	mux.Handle("GET /api/v1/admin/purchases/{id}", s.requireAdmin(s.handleAdminPurchaseGet))
	mux.Handle("POST /api/v1/admin/purchases/{id}/refund", s.requireAdmin(s.handleAdminPurchaseRefund))
	mux.Handle("GET /api/v1/admin/payouts", s.requireAdmin(s.handleAdminPayoutList))
	mux.Handle("POST /api/v1/admin/payouts/{id}/retry", s.requireAdmin(s.handleAdminPayoutRetry))
	mux.Handle("POST /api/v1/admin/festivals/{slug}/payouts", s.requireAdmin(s.handleAdminPayoutCreate))
	mux.Handle("GET /api/v1/admin/ticket-orders", s.requireAdmin(s.handleAdminTicketOrderList))
	mux.Handle("POST /api/v1/admin/ticket-orders/{id}/refund", s.requireAdmin(s.handleAdminTicketOrderRefund))
	// Admin: one account (role, credits, disable/enable, sessions), the
	// packages' editing and the audit log (read only).
	mux.Handle("GET /api/v1/admin/users/{id}", s.requireAdmin(s.handleAdminUserGet))
	mux.Handle("PUT /api/v1/admin/users/{id}/role", s.requireAdmin(s.handleAdminUserRole))
	mux.Handle("POST /api/v1/admin/users/{id}/credits", s.requireAdmin(s.handleAdminUserCredits))
	mux.Handle("POST /api/v1/admin/users/{id}/disable", s.requireAdmin(s.handleAdminUserDisable))
	mux.Handle("POST /api/v1/admin/users/{id}/enable", s.requireAdmin(s.handleAdminUserEnable))
	mux.Handle("DELETE /api/v1/admin/users/{id}/sessions", s.requireAdmin(s.handleAdminUserSessionsEnd))
	mux.Handle("GET /api/v1/admin/packages", s.requireAdmin(s.handleAdminPackageList))
	mux.Handle("PUT /api/v1/admin/packages/{id}", s.requireAdmin(s.handleAdminPackageUpdate))
	mux.Handle("GET /api/v1/admin/audit", s.requireAdmin(s.handleAdminAuditList))

	// The seed client's admin calls, in its shapes.
	mux.Handle("GET /api/v1/dashboard/get", s.requireAdmin(s.handleCompatDashboard))
	mux.Handle("GET /api/v1/user/get", s.requireAdmin(s.handleCompatUserList))

	// Password resets (public, rate limited) and each user's own data:
	// its export and the deletion of the account; an admin's reset e-mail.
	mux.HandleFunc("POST /api/v1/password-resets", s.handlePasswordResetRequest)
	mux.HandleFunc("POST /api/v1/password-resets/confirm", s.handlePasswordResetConfirm)
	mux.Handle("POST /api/v1/me/exports", s.requireUser(s.handleMeExportCreate))
	mux.Handle("GET /api/v1/me/exports/{token}", s.requireUser(s.handleMeExportGet))
	mux.Handle("POST /api/v1/me/delete", s.requireUser(s.handleMeDelete))
	mux.Handle("POST /api/v1/admin/users/{id}/password-reset", s.requireAdmin(s.handleAdminUserPasswordReset))

	// The festival assistant (public, rate limited).
	mux.HandleFunc("POST /api/v1/inquiries", s.handleInquiryAsk)
	mux.HandleFunc("POST /api/v1/inquiries/stream", s.handleInquiryStream)

	// Analytics and promotion: the public page's view beacon, campaign
	// impressions and clicks, the featured strip; the organiser's analytics
	// and campaigns; the admins' prices, campaigns and real figures.
	mux.HandleFunc("POST /api/v1/festivals/{slug}/views", s.handleFestivalViewCreate)
	mux.HandleFunc("POST /api/v1/promotions/events", s.handlePromotionEventCreate)
	mux.HandleFunc("GET /api/v1/promotions/featured", s.handlePromotionFeatured)
	mux.HandleFunc("GET /api/v1/promotion-prices", s.handlePromotionPriceList)
	mux.Handle("GET /api/v1/manage/festivals/{slug}/analytics", s.requireUser(s.handleFestivalAnalyticsGet))
	// Payouts (payout.go): the festival's payout account and payouts.
	mux.Handle("GET /api/v1/manage/festivals/{slug}/payout-account", s.requireUser(s.handleFestivalPayoutAccountGet))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/payout-account", s.requireUser(s.handleFestivalPayoutAccountPut))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/payout-account/refresh", s.requireUser(s.handleFestivalPayoutAccountRefresh))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/payout-account/test-onboarding", s.requireUser(s.handleFestivalPayoutTestOnboarding))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/payouts", s.requireUser(s.handleFestivalPayoutList))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/analytics/{file}", s.requireUser(s.handleFestivalAnalyticsCSV))
	mux.Handle("GET /api/v1/manage/promotions", s.requireUser(s.handlePromotionOverview))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/promotions", s.requireUser(s.handlePromotionStart))
	mux.Handle("PUT /api/v1/admin/promotion-prices/{days}", s.requireAdmin(s.handleAdminPromotionPriceUpdate))
	mux.Handle("GET /api/v1/admin/promotions", s.requireAdmin(s.handleAdminPromotionList))
	mux.Handle("POST /api/v1/admin/promotions/{id}/end", s.requireAdmin(s.handleAdminPromotionEnd))
	mux.Handle("GET /api/v1/admin/site-figures", s.requireAdmin(s.handleAdminSiteFigures))
	// Earnings: a managed festival's balance and monthly statement (page,
	// CSV, PDF); the admins' commission overrides.
	mux.Handle("GET /api/v1/manage/festivals/{slug}/earnings", s.requireUser(s.handleFestivalEarningsGet))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/earnings/statement.csv", s.requireUser(s.handleFestivalEarningsCSV))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/earnings/statement.pdf", s.requireUser(s.handleFestivalEarningsPDF))
	mux.Handle("GET /api/v1/admin/commission-overrides", s.requireAdmin(s.handleAdminCommissionList))
	mux.Handle("PUT /api/v1/admin/festivals/{slug}/commission", s.requireAdmin(s.handleAdminCommissionSet))
	mux.Handle("DELETE /api/v1/admin/festivals/{slug}/commission", s.requireAdmin(s.handleAdminCommissionClear))
	// Tickets: the organiser's screenings, door staff and time zone; the
	// door's check-in; the public screenings; the buyer's orders and tickets.
	mux.Handle("GET /api/v1/manage/festivals/{slug}/screenings", s.requireUser(s.handleScreeningManageList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/screenings", s.requireUser(s.handleScreeningCreate))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/screenings/{id}", s.requireUser(s.handleScreeningUpdate))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/screenings/{id}/cancel", s.requireUser(s.handleScreeningCancel))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/time-zone", s.requireUser(s.handleFestivalTimeZonePut))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/currency", s.requireUser(s.handleFestivalCurrencyPut))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/screening-films", s.requireUser(s.handleScreeningFilmList))
	// Ticket types, attendee names, vouchers and a screening's orders
	// (issue 27); the buyer's check of a code.
	mux.Handle("GET /api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types", s.requireUser(s.handleTicketTypeList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types", s.requireUser(s.handleTicketTypeCreate))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types/{typeId}", s.requireUser(s.handleTicketTypeUpdate))
	mux.Handle("DELETE /api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types/{typeId}", s.requireUser(s.handleTicketTypeDelete))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/screenings/{id}/attendee-names", s.requireUser(s.handleScreeningAttendeeNames))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/screenings/{id}/orders", s.requireUser(s.handleScreeningOrderList))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/vouchers", s.requireUser(s.handleVoucherList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/vouchers", s.requireUser(s.handleVoucherCreate))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/vouchers/{id}/disable", s.requireUser(s.handleVoucherDisable))
	mux.Handle("POST /api/v1/voucher-checks", s.requireUser(s.handleVoucherCheck))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/door-staff", s.requireUser(s.handleDoorStaffList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/door-staff", s.requireUser(s.handleDoorStaffAdd))
	mux.Handle("DELETE /api/v1/manage/festivals/{slug}/door-staff/{userId}", s.requireUser(s.handleDoorStaffRemove))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/check-in", s.requireUser(s.handleCheckInInfo))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/check-in", s.requireUser(s.handleCheckIn))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/check-in/holders", s.requireUser(s.handleCheckInHolders))
	mux.Handle("GET /api/v1/me/door-festivals", s.requireUser(s.handleDoorFestivalList))
	// Check-in lists (per venue, per day) and undone check-ins (issue 27).
	mux.Handle("GET /api/v1/manage/festivals/{slug}/check-in/lists", s.requireUser(s.handleCheckInListList))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/check-in/lists", s.requireUser(s.handleCheckInListCreate))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/check-in/lists/{id}", s.requireUser(s.handleCheckInListUpdate))
	mux.Handle("DELETE /api/v1/manage/festivals/{slug}/check-in/lists/{id}", s.requireUser(s.handleCheckInListDelete))
	mux.Handle("POST /api/v1/manage/festivals/{slug}/check-in/tickets/{id}/undo", s.requireUser(s.handleCheckInUndo))
	mux.HandleFunc("GET /api/v1/festivals/{slug}/screenings", s.handleScreeningPublicList)
	mux.HandleFunc("GET /api/v1/screenings/{id}", s.handleScreeningGet)
	mux.Handle("POST /api/v1/ticket-orders", s.requireUser(s.handleTicketOrderCreate))
	mux.Handle("POST /api/v1/ticket-orders/{id}/pay", s.requireUser(s.handleTicketOrderPay))
	mux.Handle("POST /api/v1/ticket-orders/{id}/confirm", s.requireUser(s.handleTicketOrderConfirm))
	mux.Handle("POST /api/v1/ticket-orders/{id}/cancel", s.requireUser(s.handleTicketOrderCancel))
	mux.Handle("POST /api/v1/ticket-orders/{id}/self-cancel", s.requireUser(s.handleTicketOrderSelfCancel))
	mux.Handle("GET /api/v1/manage/festivals/{slug}/cancellation-policy", s.requireUser(s.handleCancellationPolicyGet))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/cancellation-policy", s.requireUser(s.handleCancellationPolicyPut))
	mux.Handle("GET /api/v1/ticket-orders/{id}", s.requireUser(s.handleTicketOrderGet))
	mux.Handle("GET /api/v1/tickets", s.requireUser(s.handleTicketList))
	mux.Handle("GET /api/v1/tickets/{id}", s.requireUser(s.handleTicketGet))
	mux.Handle("GET /api/v1/tickets/{id}/calendar.ics", s.requireUser(s.handleTicketICS))
	mux.Handle("GET /api/v1/tickets/{id}/ticket.pdf", s.requireUser(s.handleTicketPDF))
	// Waiting lists of sold-out screenings and their offers (issue 27).
	mux.Handle("GET /api/v1/screenings/{id}/waitlist", s.requireUser(s.handleWaitlistGet))
	mux.Handle("POST /api/v1/screenings/{id}/waitlist", s.requireUser(s.handleWaitlistJoin))
	mux.Handle("DELETE /api/v1/waitlist/{id}", s.requireUser(s.handleWaitlistLeave))
	mux.Handle("GET /api/v1/waitlist/offers/{token}", s.requireUser(s.handleWaitlistOfferGet))
	mux.Handle("POST /api/v1/waitlist/offers/{token}/claim", s.requireUser(s.handleWaitlistOfferClaim))
	// Visitors without an account (issue 27): guest orders opened by their
	// link's token, claimed later by an account with the same confirmed
	// address; the waiting list after an e-mailed confirmation.
	mux.HandleFunc("POST /api/v1/guest/ticket-orders", s.handleGuestOrderCreate)
	mux.HandleFunc("GET /api/v1/guest/orders/{token}", s.handleGuestOrderGet)
	mux.HandleFunc("POST /api/v1/guest/orders/{token}/pay", s.handleGuestOrderPay)
	mux.HandleFunc("POST /api/v1/guest/orders/{token}/confirm", s.handleGuestOrderConfirm)
	mux.HandleFunc("POST /api/v1/guest/orders/{token}/cancel", s.handleGuestOrderCancel)
	mux.HandleFunc("POST /api/v1/guest/orders/{token}/self-cancel", s.handleGuestOrderSelfCancel)
	mux.HandleFunc("GET /api/v1/guest/orders/{token}/tickets/{id}/ticket.pdf", s.handleGuestTicketPDF)
	mux.HandleFunc("GET /api/v1/guest/orders/{token}/tickets/{id}/calendar.ics", s.handleGuestTicketICS)
	mux.Handle("POST /api/v1/tickets/claim-guest-orders", s.requireUser(s.handleGuestOrderClaim))
	mux.HandleFunc("POST /api/v1/guest/screenings/{id}/waitlist", s.handleGuestWaitlistJoin)
	mux.HandleFunc("POST /api/v1/guest/waitlist/{token}/confirm", s.handleGuestWaitlistConfirm)
	mux.HandleFunc("POST /api/v1/guest/waitlist/{token}/leave", s.handleGuestWaitlistLeave)
	mux.HandleFunc("GET /api/v1/guest/waitlist-offers/{token}", s.handleGuestOfferGet)
	mux.HandleFunc("POST /api/v1/guest/waitlist-offers/{token}/claim", s.handleGuestOfferClaim)

	// Discovery by search engines and link previews: a festival page's
	// HTML carries its own head tags; the sitemap of approved festivals.
	mux.HandleFunc("GET /festival/{slug}", s.handleFestivalHTML)
	mux.HandleFunc("GET /sitemap.xml", s.handleSitemapGet)
	mux.HandleFunc("GET /sitemaps/{file}", s.handleSitemapPartGet)
	mux.HandleFunc("GET /robots.txt", s.handleRobotsGet)

	// This API's document (OpenAPI 3.1, built from this table) and its
	// reference page.
	mux.HandleFunc("GET /api/v1/openapi.json", s.handleOpenAPIGet)
	mux.HandleFunc("GET /api-docs", s.handleAPIDocsGet)

	mux.HandleFunc("/api/", s.handleAPINotFound)
	mux.Handle("/", s.static)
}
