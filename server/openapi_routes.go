package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// apiOps declares every route of routes.go for the API document, by its
// pattern: what it does, its success status and answer, its body and
// query. Bodies are the very types the handlers decode; answers the types
// the services return, inside the envelopes below (the handlers write
// them as maps: a handler test's answer that strays from its declaration
// fails TestAnswersMatchTheDocument). BuildOpenAPI fails on a route
// without a declaration and on a declaration without a route.
var apiOps = map[string]apiOp{
	"GET /healthz": op("Liveness: the process answers and reaches its database", http.StatusOK, T[statusAnswer]()).errs(http.StatusServiceUnavailable),
	"GET /readyz":  op("Readiness: migrated and the festival search index built (503 until then)", http.StatusOK, T[statusAnswer]()).errs(http.StatusServiceUnavailable),

	// Accounts.
	"POST /api/v1/user/register":           op("Create an account and sign in (the seed's call; same as POST /api/v1/auth/signup)", http.StatusCreated, T[userAnswer]()).in(T[marquee.NewUser]()).errs(http.StatusConflict).rateLimited(),
	"POST /api/v1/auth/signup":             op("Create an account and sign in", http.StatusCreated, T[userAnswer]()).in(T[marquee.NewUser]()).errs(http.StatusConflict).rateLimited(),
	"POST /api/v1/user/login":              op("Sign in (the seed's call; same as POST /api/v1/auth/login)", http.StatusOK, T[loginAnswer]()).in(T[marquee.Credentials]()).errs(http.StatusUnauthorized, http.StatusForbidden).rateLimited(),
	"POST /api/v1/auth/login":              op("Sign in: sets the session cookie and answers the user and the session's token", http.StatusOK, T[loginAnswer]()).in(T[marquee.Credentials]()).errs(http.StatusUnauthorized, http.StatusForbidden).rateLimited(),
	"POST /api/v1/auth/logout":             op("Sign out: ends the session", http.StatusNoContent, nil),
	"GET /api/v1/session":                  op("The signed-in user, or null for a visitor", http.StatusOK, T[sessionAnswer]()),
	"GET /api/v1/me":                       op("The signed-in user", http.StatusOK, T[userAnswer]()),
	"POST /api/v1/me/password":             op("Change one's password (other sessions end)", http.StatusNoContent, nil).in(T[marquee.PasswordChange]()).rateLimited(),
	"POST /api/v1/me/terms":                op("Accept the current terms", http.StatusOK, T[userAnswer]()),
	"POST /api/v1/me/verification":         op("Send the e-mail address's confirmation link again", http.StatusNoContent, nil).rateLimited(),
	"POST /api/v1/verify-email":            op("Confirm an e-mail address with the link's token", http.StatusOK, T[verifiedAnswer]()).in(T[verifyEmailRequest]()).rateLimited(),
	"GET /api/v1/packages":                 op("The credit packages on sale, in the request's language", http.StatusOK, T[packagesAnswer]()),
	"GET /api/v1/packages/{id}":            op("One credit package", http.StatusOK, T[packageAnswer]()).textID(),
	"GET /api/v1/site":                     op("The installation's public contact details", http.StatusOK, T[siteAnswer]()),
	"POST /api/v1/contact":                 op("Send a message to the site's team", http.StatusCreated, T[messageAnswer]()).in(T[marquee.NewContactMessage]()).rateLimited(),
	"POST /api/v1/password-resets":         op("Ask for a password reset link (the same answer whether or not the address has an account)", http.StatusAccepted, T[messageAnswer]()).in(T[marquee.PasswordResetRequest]()).rateLimited(),
	"POST /api/v1/password-resets/confirm": op("Set a new password with a reset link's token", http.StatusNoContent, nil).in(T[marquee.PasswordReset]()).rateLimited(),
	"POST /api/v1/me/exports":              op("Ask for an export of one's data (e-mailed when ready)", http.StatusAccepted, T[emptyAnswer]()),
	"GET /api/v1/me/exports/{token}":       op("Download one's data export (a ZIP of JSON files)", http.StatusOK, nil).media("application/zip"),
	"POST /api/v1/me/delete":               op("Delete one's account (refused to admins and to organisers of open festivals)", http.StatusNoContent, nil).in(T[marquee.AccountDeletion]()).errs(http.StatusForbidden).rateLimited(),

	// Festivals.
	"POST /api/v1/festivals":                               op("Register a festival (pending an admin's review)", http.StatusCreated, T[festivalAnswer]()).in(T[marquee.FestivalDetails]()).rateLimited(),
	"POST /api/v1/festival/create":                         op("Register a festival (the seed's call, in its shapes)", http.StatusCreated, T[compatFestivalAnswer]()).in(T[marquee.FestivalDetails]()).errs(http.StatusUnauthorized).errorsAs(T[compatFestivalError]()).rateLimited(),
	"GET /api/v1/festivals":                                op("Search the approved festivals", http.StatusOK, T[marquee.Page[marquee.Festival]]()).q(T[festivalSearchQuery]()),
	"GET /api/v1/festivals/{slug}":                         op("An approved festival's public page (ETag; If-None-Match answers 304)", http.StatusOK, T[publicFestivalAnswer]()),
	"GET /api/v1/manage/festivals":                         op("The festivals the caller organises", http.StatusOK, T[itemsAnswer[marquee.Festival]]()),
	"GET /api/v1/manage/festivals/{slug}":                  op("A managed festival in full", http.StatusOK, T[festivalAnswer]()),
	"PUT /api/v1/manage/festivals/{slug}":                  op("Save a festival's details over the version read (an approved festival's public facts wait for review as its revision)", http.StatusOK, T[festivalRevisionAnswer]()).in(T[festivalDetailsUpdate]()).errs(http.StatusConflict),
	"PUT /api/v1/manage/festivals/{slug}/categories":       op("Replace a festival's categories and their deadlines", http.StatusOK, T[festivalAnswer]()).in(T[festivalCategoriesUpdate]()).errs(http.StatusConflict),
	"PUT /api/v1/manage/festivals/{slug}/criteria":         op("Replace a festival's judging criteria", http.StatusOK, T[festivalAnswer]()).in(T[festivalCriteriaUpdate]()).errs(http.StatusConflict),
	"GET /api/v1/manage/festivals/{slug}/activity":         op("A festival's audit trail, newest first", http.StatusOK, T[marquee.Page[marquee.FestivalActivity]]()).q(T[pageQuery]()),
	"GET /api/v1/manage/festivals/{slug}/settings":         op("A festival's submission and judging settings", http.StatusOK, T[marquee.FestivalSettings]()),
	"PUT /api/v1/manage/festivals/{slug}/settings":         op("Change settings (a field left out or null keeps its value)", http.StatusOK, T[marquee.FestivalSettings]()).in(T[marquee.SettingsChange]()),
	"PUT /api/v1/manage/festivals/{slug}/time-zone":        op("Set the festival's time zone (\"\" follows its country and city)", http.StatusOK, T[timeZoneRequest]()).in(T[timeZoneRequest]()),
	"PUT /api/v1/manage/festivals/{slug}/currency":         op("Set the currency the festival sells tickets in (usd, eur, jpy, cny); refused once tickets are sold", http.StatusOK, T[currencyRequest]()).in(T[currencyRequest]()),
	"GET /api/v1/manage/festivals/{slug}/analytics":        op("A festival's page views, sources and submissions", http.StatusOK, T[marquee.Analytics]()).q(T[rangeQuery]()),
	"GET /api/v1/manage/festivals/{slug}/analytics/{file}": op("One analytics table as CSV", http.StatusOK, nil).media("text/csv").q(T[rangeQuery]()),
	"POST /api/v1/festivals/{slug}/views":                  op("Count a view of a festival's public page (the page's beacon)", http.StatusNoContent, nil).in(T[marquee.PageView]()),

	// Judging.
	"GET /api/v1/manage/festivals/{slug}/judges":                                         op("A festival's judges", http.StatusOK, T[itemsAnswer[marquee.Judge]]()),
	"POST /api/v1/manage/festivals/{slug}/judges":                                        op("Invite a judge by e-mail", http.StatusCreated, T[judgeAnswer]()).in(T[judgeInviteRequest]()).errs(http.StatusConflict).rateLimited(),
	"DELETE /api/v1/manage/festivals/{slug}/judges/{id}":                                 op("Remove a judge", http.StatusNoContent, nil),
	"POST /api/v1/manage/festivals/{slug}/assignments":                                   op("Assign submissions to judges", http.StatusOK, T[addedAnswer]()).in(T[marquee.AssignmentRequest]()),
	"DELETE /api/v1/manage/festivals/{slug}/judges/{judgeId}/submissions/{submissionId}": op("Take a submission from a judge", http.StatusNoContent, nil),
	"GET /api/v1/manage/festivals/{slug}/conflicts":                                      op("Conflicts of interest the judges declared", http.StatusOK, T[itemsAnswer[marquee.Conflict]]()),
	"GET /api/v1/manage/festivals/{slug}/ranking":                                        op("A page of the ranking by weighted or calibrated score", http.StatusOK, T[marquee.Page[marquee.RankedSubmission]]()).q(T[rankingQuery]()),
	"PUT /api/v1/manage/festivals/{slug}/judging/lock":                                   op("Lock or unlock judging", http.StatusOK, T[marquee.FestivalSettings]()).in(T[judgingLockRequest]()),
	"GET /api/v1/judge/festivals":                                                        op("The festivals the caller judges", http.StatusOK, T[itemsAnswer[marquee.JudgeFestival]]()),
	"GET /api/v1/judge/festivals/{slug}/submissions":                                     op("The caller's queue of assigned submissions", http.StatusOK, T[itemsAnswer[marquee.Assignment]]()),
	"GET /api/v1/judge/festivals/{slug}/submissions/{id}":                                op("One assigned submission, as a judge sees it", http.StatusOK, T[marquee.Assignment]()),
	"PUT /api/v1/judge/festivals/{slug}/submissions/{id}/score":                          op("Save the caller's scores of a submission", http.StatusOK, T[scoreAnswer]()).in(T[marquee.ScoreInput]()).errs(http.StatusConflict),
	"POST /api/v1/judge/festivals/{slug}/submissions/{id}/conflict":                      op("Declare a conflict of interest with a submission", http.StatusCreated, T[conflictAnswer]()).in(T[judgeConflictRequest]()).errs(http.StatusConflict),
	"GET /api/v1/judge/invitations/{token}":                                              op("A judging invitation, by its token", http.StatusOK, T[marquee.Invitation]()).rateLimited(),
	"POST /api/v1/judge/invitations/{token}/accept":                                      op("Accept a judging invitation", http.StatusOK, T[marquee.JudgeFestival]()).errs(http.StatusConflict),

	// Submissions.
	"POST /api/v1/submissions/quote":                            op("The fees a submission would cost (waiver applied)", http.StatusOK, T[marquee.SubmissionQuote]()).in(T[marquee.NewSubmission]()),
	"POST /api/v1/submissions":                                  op("Submit a film to festivals' categories, paying the fees in credits", http.StatusCreated, T[marquee.SubmitResult]()).in(T[marquee.NewSubmission]()).errs(http.StatusPaymentRequired, http.StatusConflict).rateLimited(),
	"GET /api/v1/submissions":                                   op("The caller's submissions", http.StatusOK, T[marquee.Page[marquee.Submission]]()).q(T[statusPageQuery]()),
	"POST /api/v1/submissions/{id}/withdraw":                    op("Withdraw a submission (its fee refunded when the festival says so)", http.StatusOK, T[submissionAnswer]()).errs(http.StatusConflict),
	"GET /api/v1/manage/festivals/{slug}/submissions":           op("A festival's received submissions, filtered and sorted", http.StatusOK, T[marquee.Page[marquee.Submission]]()).q(T[receivedQuery]()),
	"GET /api/v1/manage/festivals/{slug}/submissions/{id}":      op("One received submission with its film, scores and judges", http.StatusOK, T[marquee.SubmissionDetail]()),
	"POST /api/v1/manage/festivals/{slug}/submissions/decision": op("Decide on submissions (selected, finalist, award…)", http.StatusOK, T[itemsAnswer[marquee.Submission]]()).in(T[decisionRequest]()),
	"PUT /api/v1/manage/festivals/{slug}/submissions/{id}/flag": op("Set or clear a submission's flag", http.StatusOK, T[submissionAnswer]()).in(T[marquee.FlagChange]()),
	"GET /api/v1/manage/festivals/{slug}/submissions.csv":       op("Every submission as CSV", http.StatusOK, nil).media("text/csv"),
	"GET /api/v1/manage/festivals/{slug}/waivers":               op("A festival's fee waiver codes", http.StatusOK, T[itemsAnswer[marquee.Waiver]]()),
	"POST /api/v1/manage/festivals/{slug}/waivers":              op("Create a fee waiver code", http.StatusCreated, T[waiverAnswer]()).in(T[marquee.NewWaiver]()).errs(http.StatusConflict),
	"DELETE /api/v1/manage/festivals/{slug}/waivers/{id}":       op("Delete a fee waiver code", http.StatusNoContent, nil),

	// Submission management (issue 30).
	"GET /api/v1/festivals/{slug}/questions":                         op("A festival's questions asked at submission", http.StatusOK, T[questionsAnswer]()),
	"PUT /api/v1/manage/festivals/{slug}/questions":                  op("Replace a festival's submission questions", http.StatusOK, T[questionsAnswer]()).in(T[questionsBody]()),
	"GET /api/v1/manage/festivals/{slug}/statuses":                   op("The organiser's own statuses", http.StatusOK, T[entryStatusesAnswer]()),
	"POST /api/v1/manage/festivals/{slug}/statuses":                  op("Add a status of the organiser's own", http.StatusCreated, T[entryStatusAnswer]()).in(T[marquee.NewEntryStatus]()).errs(http.StatusConflict),
	"DELETE /api/v1/manage/festivals/{slug}/statuses/{id}":           op("Remove an organiser's status (its entries lose it)", http.StatusNoContent, nil),
	"POST /api/v1/manage/festivals/{slug}/submissions/entry-status":  op("Set (statusId 0: clear) the organiser's status on entries", http.StatusNoContent, nil).in(T[marquee.EntryStatusChange]()),
	"GET /api/v1/manage/festivals/{slug}/extensions":                 op("A festival's deadline extensions", http.StatusOK, T[extensionsAnswer]()),
	"POST /api/v1/manage/festivals/{slug}/extensions":                op("Extend the deadline for a category or a filmmaker", http.StatusCreated, T[extensionAnswer]()).in(T[marquee.NewDeadlineExtension]()),
	"DELETE /api/v1/manage/festivals/{slug}/extensions/{id}":         op("Remove a deadline extension", http.StatusNoContent, nil),
	"GET /api/v1/manage/festivals/{slug}/notice-texts":               op("The decision e-mails' texts, with the defaults and placeholders", http.StatusOK, T[marquee.NoticeTexts]()),
	"PUT /api/v1/manage/festivals/{slug}/notice-texts":               op("Save a decision e-mail's text in one language (empty: the default)", http.StatusOK, T[marquee.NoticeTexts]()).in(T[marquee.NoticeText]()),
	"GET /api/v1/submissions/{id}/messages":                          op("The thread of the caller's submission with the festival's team", http.StatusOK, T[marquee.Thread]()),
	"POST /api/v1/submissions/{id}/messages":                         op("Write to the festival's team about one's submission", http.StatusCreated, T[messageItemAnswer]()).in(T[marquee.NewMessage]()).rateLimited(),
	"GET /api/v1/manage/festivals/{slug}/submissions/{id}/messages":  op("A submission's thread with its filmmaker", http.StatusOK, T[marquee.Thread]()),
	"POST /api/v1/manage/festivals/{slug}/submissions/{id}/messages": op("Write to a submission's filmmaker", http.StatusCreated, T[messageItemAnswer]()).in(T[marquee.NewMessage]()).rateLimited(),
	"POST /api/v1/manage/festivals/{slug}/bulk-messages/preview":     op("How a bulk message reads in each language and how many it reaches", http.StatusOK, T[marquee.BulkPreview]()).in(T[marquee.BulkMessage]()),
	"POST /api/v1/manage/festivals/{slug}/bulk-messages":             op("Send a message to a selection of entrants, once each and once per idempotency key (a repeat answers 200 and the first send)", http.StatusCreated, T[marquee.BulkSent]()).in(T[marquee.BulkSend]()).also(http.StatusOK).rateLimited(),

	// Reminders.
	"GET /api/v1/reminders":         op("The caller's deadline reminders", http.StatusOK, T[itemsAnswer[marquee.Reminder]]()),
	"POST /api/v1/reminders":        op("Add a deadline reminder", http.StatusCreated, T[reminderAnswer]()).in(T[marquee.NewReminder]()).errs(http.StatusConflict),
	"DELETE /api/v1/reminders/{id}": op("Delete a reminder", http.StatusNoContent, nil),
	"GET /api/v1/reminders.ics":     op("The caller's reminders as a calendar feed", http.StatusOK, nil).media("text/calendar"),

	// Films, posters and movies.
	"GET /api/v1/films":             op("The caller's film projects", http.StatusOK, T[itemsAnswer[marquee.Film]]()),
	"POST /api/v1/films":            op("Create a film project", http.StatusCreated, T[filmAnswer]()).in(T[marquee.FilmDetails]()).errs(http.StatusConflict),
	"GET /api/v1/films/public":      op("The public listing of films", http.StatusOK, T[marquee.Page[marquee.Film]]()).q(T[pageQuery]()),
	"GET /api/v1/films/{id}":        op("One film, as the caller may see it (its filmmaker, a festival's organiser or judge)", http.StatusOK, T[filmAnswer]()),
	"PUT /api/v1/films/{id}":        op("Save a film's details", http.StatusOK, T[filmAnswer]()).in(T[marquee.FilmDetails]()),
	"DELETE /api/v1/films/{id}":     op("Delete a film that is in no submission", http.StatusNoContent, nil).errs(http.StatusConflict),
	"PUT /api/v1/films/{id}/poster": op("Upload a film's poster (the image's bytes: JPEG, PNG or WebP, at most 5 MB)", http.StatusOK, T[filmAnswer]()).inMedia("application/octet-stream").errs(http.StatusRequestEntityTooLarge).rateLimited(),
	"GET /media/posters/{name}":     op("A poster file", http.StatusOK, nil).media("image/*"),

	// Film projects: specs, stills, entry rules, saved festivals, laurels.
	"PUT /api/v1/films/{id}/specs":                    op("Replace a film's specs: trailer, technical specs, flags, premiere status, screenings and awards", http.StatusOK, T[filmAnswer]()).in(T[marquee.FilmSpecs]()),
	"POST /api/v1/films/{id}/stills":                  op("Add a still as the film's last (the image's bytes: JPEG, PNG or WebP, at most 5 MB; at most 10 stills)", http.StatusCreated, T[filmAnswer]()).inMedia("application/octet-stream").errs(http.StatusRequestEntityTooLarge).rateLimited(),
	"PUT /api/v1/films/{id}/stills/order":             op("Put a film's stills in a new order (every still's id, once each)", http.StatusOK, T[filmAnswer]()).in(T[marquee.StillOrder]()),
	"DELETE /api/v1/films/{id}/stills/{stillId}":      op("Delete one of a film's stills", http.StatusOK, T[filmAnswer]()),
	"GET /media/stills/{name}":                        op("A still's file", http.StatusOK, nil).media("image/*"),
	"GET /api/v1/festivals/{slug}/entry-rules":        op("An approved festival's rules and terms and its eligibility limits", http.StatusOK, T[marquee.EntryRules]()),
	"GET /api/v1/manage/festivals/{slug}/entry-rules": op("A managed festival's rules and terms and its eligibility limits", http.StatusOK, T[marquee.EntryRules]()),
	"PUT /api/v1/manage/festivals/{slug}/entry-rules": op("Replace a festival's rules and terms and its eligibility limits (the festival's and each category's)", http.StatusOK, T[marquee.EntryRules]()).in(T[marquee.EntryRules]()),
	"GET /api/v1/saved-festivals":                     op("The caller's saved festivals, by next deadline", http.StatusOK, T[itemsAnswer[marquee.SavedFestival]]()),
	"PUT /api/v1/saved-festivals/{slug}":              op("Save an approved festival (again: nothing changes)", http.StatusNoContent, nil),
	"DELETE /api/v1/saved-festivals/{slug}":           op("Remove a festival from the saved ones (also when it was not there)", http.StatusNoContent, nil),
	"GET /api/v1/submissions/{id}/laurel/{format}":    op("Download the laurel of one's selected or awarded submission ({format}: svg or png)", http.StatusOK, nil).media("image/*"),
	"GET /api/v1/movies/popular":                      op("Popular movies (The Movie Database, or the listed films)", http.StatusOK, T[moviePage]()).q(T[pageQuery]()).rateLimited(),
	"GET /api/v1/movies/{id}":                         op("One movie", http.StatusOK, T[movieAnswer]()).rateLimited(),

	// Payments.
	"GET /api/v1/payments/config":        op("The payment provider's public configuration", http.StatusOK, T[marquee.PaymentConfig]()),
	"POST /api/v1/payments":              op("Buy a credit package", http.StatusCreated, T[marquee.CheckoutResult]()).in(T[marquee.CheckoutRequest]()).errs(http.StatusPaymentRequired, http.StatusServiceUnavailable),
	"POST /api/v1/payments/{id}/confirm": op("Settle a purchase after the card's confirmation", http.StatusOK, T[marquee.CheckoutResult]()).errs(http.StatusPaymentRequired),
	"POST /api/v1/payments/webhook":      op("The payment provider's events (signed)", http.StatusOK, T[receivedAnswer]()).inMedia("application/json").rateLimited(),
	"POST /api/v1/payment/create":        op("Buy a credit package (the seed's call, in its shapes)", http.StatusOK, T[successAnswer]()).in(T[compatPaymentRequest]()).errs(http.StatusUnauthorized, http.StatusPaymentRequired).errorsAs(T[compatFestivalError]()),
	"GET /api/v1/me/purchases":           op("The caller's purchases", http.StatusOK, T[marquee.Page[marquee.Purchase]]()).q(T[pageQuery]()),
	"GET /api/v1/me/purchases/{id}":      op("One of the caller's purchases (the receipt)", http.StatusOK, T[purchaseAnswer]()),
	"GET /api/v1/me/ledger":              op("The caller's credit ledger", http.StatusOK, T[marquee.Page[marquee.LedgerEntry]]()).q(T[pageQuery]()),

	// Admin.
	"GET /api/v1/admin/dashboard":                        op("Site totals", http.StatusOK, T[marquee.DashboardSummary]()),
	"GET /api/v1/admin/users":                            op("Search the accounts", http.StatusOK, T[marquee.Page[marquee.User]]()).q(T[userSearchQuery]()),
	"GET /api/v1/admin/users/{id}":                       op("One account with its records", http.StatusOK, T[marquee.UserDetail]()),
	"PUT /api/v1/admin/users/{id}/role":                  op("Change an account's role", http.StatusOK, T[userAnswer]()).in(T[marquee.RoleChange]()).errs(http.StatusConflict),
	"POST /api/v1/admin/users/{id}/credits":              op("Adjust an account's credits", http.StatusOK, T[userAnswer]()).in(T[marquee.CreditAdjustment]()).errs(http.StatusConflict),
	"POST /api/v1/admin/users/{id}/disable":              op("Disable an account (its sessions end)", http.StatusOK, T[userAnswer]()).errs(http.StatusConflict),
	"POST /api/v1/admin/users/{id}/enable":               op("Enable an account", http.StatusOK, T[userAnswer]()),
	"DELETE /api/v1/admin/users/{id}/sessions":           op("End an account's sessions", http.StatusOK, T[endedAnswer]()),
	"POST /api/v1/admin/users/{id}/password-reset":       op("E-mail an account a password reset link", http.StatusAccepted, T[emptyAnswer]()),
	"GET /api/v1/admin/messages":                         op("Contact messages", http.StatusOK, T[marquee.Page[marquee.ContactMessage]]()).q(T[statusPageQuery]()),
	"PATCH /api/v1/admin/messages/{id}":                  op("Mark a contact message handled or open", http.StatusOK, T[contactAnswer]()).in(T[messageUpdateRequest]()),
	"GET /api/v1/admin/festivals":                        op("Festivals to review", http.StatusOK, T[marquee.Page[marquee.Festival]]()).q(T[statusPageQuery]()),
	"POST /api/v1/admin/festivals/{id}/approve":          op("Approve a festival", http.StatusOK, T[festivalAnswer]()).errs(http.StatusConflict),
	"POST /api/v1/admin/festivals/{id}/reject":           op("Reject a festival, with a reason", http.StatusOK, T[festivalAnswer]()).in(T[festivalRejectRequest]()).errs(http.StatusConflict),
	"POST /api/v1/admin/festivals/{id}/revision/approve": op("Apply a festival's revision", http.StatusOK, T[festivalAnswer]()).in(T[festivalRevisionReview]()).errs(http.StatusConflict),
	"POST /api/v1/admin/festivals/{id}/revision/reject":  op("Reject a festival's revision, with a reason", http.StatusOK, T[festivalAnswer]()).in(T[festivalRevisionReview]()).errs(http.StatusConflict),
	"GET /api/v1/admin/outbox":                           op("The mail outbox", http.StatusOK, T[marquee.Page[marquee.Mail]]()).q(T[statusPageQuery]()),
	"GET /api/v1/admin/purchases":                        op("Every purchase", http.StatusOK, T[marquee.Page[marquee.Purchase]]()).q(T[userStatusPageQuery]()),
	"GET /api/v1/admin/purchases/{id}":                   op("One purchase", http.StatusOK, T[purchaseAnswer]()),
	"GET /api/v1/admin/purchases/{id}/refund-preview":    op("What a refund of a purchase would take back and return", http.StatusOK, T[marquee.RefundPlan]()).errs(http.StatusConflict),
	"POST /api/v1/admin/purchases/{id}/refund":           op("Refund a purchase as its preview showed it", http.StatusOK, T[marquee.RefundResult]()).in(T[marquee.RefundConfirmation]()).errs(http.StatusConflict, http.StatusServiceUnavailable),
	"GET /api/v1/admin/ticket-orders":                    op("Every ticket order", http.StatusOK, T[marquee.Page[marquee.AdminTicketOrder]]()).q(T[userStatusPageQuery]()),
	"POST /api/v1/admin/ticket-orders/{id}/refund":       op("Refund a paid ticket order in full", http.StatusOK, T[adminOrderAnswer]()).errs(http.StatusConflict, http.StatusServiceUnavailable),
	"GET /api/v1/admin/packages":                         op("Every credit package, with its texts in each language", http.StatusOK, T[packageEditsAnswer]()),
	"PUT /api/v1/admin/packages/{id}":                    op("Edit a credit package", http.StatusOK, T[packageEditAnswer]()).in(T[marquee.PackageUpdate]()).textID(),
	"GET /api/v1/admin/audit":                            op("The audit log", http.StatusOK, T[marquee.Page[marquee.AuditEntry]]()).q(T[auditQuery]()),
	"GET /api/v1/dashboard/get":                          op("Site totals (the seed's call, in its shapes)", http.StatusOK, T[compatDashboardAnswer]()),
	"GET /api/v1/user/get":                               op("The newest accounts (the seed's call, in its shapes)", http.StatusOK, T[compatUsersAnswer]()).q(T[pageQuery]()),

	// The assistant, analytics and promotion.
	"POST /api/v1/inquiries":                          op("Ask the festival assistant", http.StatusOK, T[marquee.InquiryAnswer]()).in(T[inquiryRequest]()).rateLimited(),
	"POST /api/v1/inquiries/stream":                   op("Ask the festival assistant in a conversation (question and earlier turns); the answer streams as server-sent events: text {delta} or answer {answer, notice}, then festivals {festivals} and done {}, or error {message, code, status}", http.StatusOK, nil).media("text/event-stream").in(T[inquiryStreamRequest]()).rateLimited(),
	"POST /api/v1/promotions/events":                  op("Count views and clicks of featured festivals", http.StatusNoContent, nil).in(T[marquee.CampaignEvents]()),
	"GET /api/v1/promotions/featured":                 op("The featured festivals", http.StatusOK, T[itemsAnswer[marquee.FeaturedFestival]]()),
	"GET /api/v1/promotion-prices":                    op("The prices of promotion campaigns", http.StatusOK, T[itemsAnswer[marquee.PromotionPrice]]()),
	"GET /api/v1/manage/promotions":                   op("The caller's festivals' campaigns", http.StatusOK, T[marquee.PromotionOverview]()),
	"POST /api/v1/manage/festivals/{slug}/promotions": op("Start a promotion campaign, paid in credits", http.StatusCreated, T[marquee.Promotion]()).in(T[marquee.NewPromotion]()).errs(http.StatusPaymentRequired, http.StatusConflict),
	"PUT /api/v1/admin/promotion-prices/{days}":       op("Set the price of a campaign length", http.StatusOK, T[marquee.PromotionPrice]()).in(T[promotionPriceRequest]()),
	"GET /api/v1/admin/promotions":                    op("Every promotion campaign", http.StatusOK, T[marquee.Page[marquee.Promotion]]()).q(T[pageQuery]()),
	"POST /api/v1/admin/promotions/{id}/end":          op("End a campaign (its unused days refunded)", http.StatusOK, T[marquee.Promotion]()).errs(http.StatusConflict),
	"GET /api/v1/admin/site-figures":                  op("The site's real figures (visits, conversions)", http.StatusOK, T[marquee.SiteFigures]()),

	// Earnings: a managed festival's balance and monthly statement; the admins' commission overrides.
	"GET /api/v1/manage/festivals/{slug}/earnings":               op("A festival's earnings: balance, the credit value and commission counted with, the month's statement", http.StatusOK, T[marquee.FestivalEarningsReport]()).q(T[monthQuery]()),
	"GET /api/v1/manage/festivals/{slug}/earnings/statement.csv": op("A festival's monthly earnings statement as CSV (UTF-8 with a BOM)", http.StatusOK, nil).media("text/csv").q(T[monthQuery]()),
	"GET /api/v1/manage/festivals/{slug}/earnings/statement.pdf": op("A festival's monthly earnings statement as a PDF in the reader's language, with the payout account's tax data", http.StatusOK, nil).media("application/pdf").q(T[monthQuery]()),
	"GET /api/v1/admin/commission-overrides":                     op("The festivals with their own commission, and the platform's", http.StatusOK, T[marquee.CommissionOverrideList]()),
	"PUT /api/v1/admin/festivals/{slug}/commission":              op("Set a festival's own commission (audited)", http.StatusOK, T[marquee.CommissionOverride]()).in(T[marquee.SetCommission]()),
	"DELETE /api/v1/admin/festivals/{slug}/commission":           op("Return a festival to the platform's commission (audited)", http.StatusNoContent, nil),

	// Payouts: a festival's payout account (tax data, onboarding) and payouts; the admins' payouts.
	"GET /api/v1/manage/festivals/{slug}/payout-account":                  op("A festival's payout account (null until connected), the provider and the schedule", http.StatusOK, T[marquee.PayoutAccountView]()),
	"PUT /api/v1/manage/festivals/{slug}/payout-account":                  op("Connect the festival's payout account or change its tax data (audited); answers the provider's onboarding link", http.StatusOK, T[marquee.PayoutOnboarding]()).in(T[marquee.PayoutTaxData]()).rateLimited(),
	"POST /api/v1/manage/festivals/{slug}/payout-account/refresh":         op("Ask the provider for the payout account's status", http.StatusOK, T[marquee.PayoutAccountView]()).rateLimited(),
	"POST /api/v1/manage/festivals/{slug}/payout-account/test-onboarding": op("Finish the test mode's simulated onboarding (404 when Stripe pays)", http.StatusOK, T[marquee.PayoutAccountView]()).in(T[testOnboardingRequest]()),
	"GET /api/v1/manage/festivals/{slug}/payouts":                         op("A festival's payouts, newest first", http.StatusOK, T[marquee.Page[marquee.Payout]]()).q(T[pageQuery]()),
	"GET /api/v1/admin/payouts":                                           op("Every festival's payouts, newest first", http.StatusOK, T[marquee.Page[marquee.Payout]]()).q(T[payoutStatusPageQuery]()),
	"POST /api/v1/admin/festivals/{slug}/payouts":                         op("Pay a festival's available balance now (audited)", http.StatusCreated, T[marquee.Payout]()).errs(http.StatusConflict),
	"POST /api/v1/admin/payouts/{id}/retry":                               op("Pay a failed payout's festival again, once (audited)", http.StatusCreated, T[marquee.Payout]()).errs(http.StatusConflict),

	// Tickets.
	"GET /api/v1/manage/festivals/{slug}/screenings":                               op("A festival's screenings with their sales", http.StatusOK, T[marquee.ManagedScreeningList]()),
	"POST /api/v1/manage/festivals/{slug}/screenings":                              op("Schedule a screening", http.StatusCreated, T[marquee.ManagedScreening]()).in(T[marquee.ScreeningInput]()),
	"PUT /api/v1/manage/festivals/{slug}/screenings/{id}":                          op("Change a screening", http.StatusOK, T[marquee.ManagedScreening]()).in(T[marquee.ScreeningInput]()).errs(http.StatusConflict),
	"POST /api/v1/manage/festivals/{slug}/screenings/{id}/cancel":                  op("Cancel a screening (paid orders refunded)", http.StatusOK, T[marquee.ManagedScreening]()).errs(http.StatusConflict),
	"GET /api/v1/manage/festivals/{slug}/screening-films":                          op("The films a screening may show", http.StatusOK, T[itemsAnswer[marquee.ScreeningFilm]]()),
	"GET /api/v1/manage/festivals/{slug}/door-staff":                               op("A festival's door staff", http.StatusOK, T[itemsAnswer[marquee.DoorStaffMember]]()),
	"POST /api/v1/manage/festivals/{slug}/door-staff":                              op("Add door staff by e-mail", http.StatusCreated, T[marquee.DoorStaffMember]()).in(T[doorStaffAddRequest]()).errs(http.StatusConflict),
	"DELETE /api/v1/manage/festivals/{slug}/door-staff/{userId}":                   op("Remove door staff", http.StatusNoContent, nil),
	"GET /api/v1/manage/festivals/{slug}/check-in":                                 op("What the door needs: the festival's screenings today", http.StatusOK, T[marquee.CheckInInfo]()),
	"POST /api/v1/manage/festivals/{slug}/check-in":                                op("Check a ticket in", http.StatusOK, T[marquee.CheckInResult]()).in(T[marquee.CheckInRequest]()).rateLimited(),
	"GET /api/v1/manage/festivals/{slug}/check-in/holders":                         op("Find ticket holders by name or e-mail", http.StatusOK, T[itemsAnswer[marquee.Holder]]()).q(T[holderQuery]()),
	"GET /api/v1/me/door-festivals":                                                op("The festivals whose door the caller keeps", http.StatusOK, T[itemsAnswer[marquee.DoorFestival]]()),
	"GET /api/v1/festivals/{slug}/screenings":                                      op("A festival's public screenings", http.StatusOK, T[marquee.ScreeningList]()).rateLimited(),
	"GET /api/v1/screenings/{id}":                                                  op("One screening", http.StatusOK, T[marquee.Screening]()).rateLimited(),
	"POST /api/v1/ticket-orders":                                                   op("Hold seats: a pending order", http.StatusCreated, T[marquee.TicketOrder]()).in(T[marquee.OrderRequest]()).errs(http.StatusConflict).rateLimited(),
	"POST /api/v1/ticket-orders/{id}/pay":                                          op("Pay a pending order", http.StatusOK, T[marquee.TicketPayResult]()).in(T[marquee.TicketPayRequest]()).errs(http.StatusPaymentRequired, http.StatusConflict).rateLimited(),
	"POST /api/v1/ticket-orders/{id}/confirm":                                      op("Settle an order after the card's confirmation", http.StatusOK, T[marquee.TicketPayResult]()).errs(http.StatusPaymentRequired),
	"POST /api/v1/ticket-orders/{id}/cancel":                                       op("Cancel a pending order (its seats released)", http.StatusOK, T[orderAnswer]()).errs(http.StatusConflict),
	"POST /api/v1/ticket-orders/{id}/self-cancel":                                  op("Cancel one's own paid order before the festival's cut-off, refunded by its rule", http.StatusOK, T[orderAnswer]()).errs(http.StatusConflict, http.StatusServiceUnavailable),
	"GET /api/v1/manage/festivals/{slug}/cancellation-policy":                      op("A festival's rule for buyers' own cancellations", http.StatusOK, T[marquee.CancellationPolicy]()),
	"PUT /api/v1/manage/festivals/{slug}/cancellation-policy":                      op("Set the rule: cut-off hours before the screening, refund full, minus a fixed or percent fee, or none", http.StatusOK, T[marquee.CancellationPolicy]()).in(T[marquee.CancellationPolicy]()),
	"GET /api/v1/ticket-orders/{id}":                                               op("One of the caller's orders", http.StatusOK, T[marquee.TicketOrder]()),
	"GET /api/v1/tickets":                                                          op("The caller's tickets", http.StatusOK, T[marquee.Page[marquee.Ticket]]()).q(T[pageQuery]()),
	"GET /api/v1/tickets/{id}":                                                     op("One of the caller's tickets", http.StatusOK, T[marquee.Ticket]()),
	"GET /api/v1/tickets/{id}/calendar.ics":                                        op("A ticket's screening as a calendar event", http.StatusOK, nil).media("text/calendar"),
	"GET /api/v1/tickets/{id}/ticket.pdf":                                          op("A ticket as a PDF: its QR code, screening, local time, seat type and holder", http.StatusOK, nil).media("application/pdf"),
	"GET /api/v1/screenings/{id}/waitlist":                                         op("The caller's open entry on a screening's waiting list", http.StatusOK, T[marquee.WaitlistEntry]()),
	"POST /api/v1/screenings/{id}/waitlist":                                        op("Join a sold-out screening's waiting list", http.StatusCreated, T[marquee.WaitlistEntry]()).in(T[marquee.WaitlistJoinRequest]()).errs(http.StatusConflict).rateLimited(),
	"DELETE /api/v1/waitlist/{id}":                                                 op("Leave a waiting list (an offer's seats pass on)", http.StatusNoContent, nil),
	"GET /api/v1/waitlist/offers/{token}":                                          op("A waiting-list offer, to its owner", http.StatusOK, T[marquee.WaitlistOffer]()),
	"POST /api/v1/waitlist/offers/{token}/claim":                                   op("Take an offer's held seats as a pending order (paid at once when free)", http.StatusCreated, T[marquee.TicketOrder]()),
	"POST /api/v1/guest/ticket-orders":                                             op("Hold seats for a visitor without an account: a pending guest order and its link's token", http.StatusCreated, T[marquee.GuestOrderResult]()).in(T[marquee.GuestOrderRequest]()).errs(http.StatusConflict).rateLimited(),
	"GET /api/v1/guest/orders/{token}":                                             op("A guest order, by its link's token (until its screening ends)", http.StatusOK, T[marquee.TicketOrder]()).rateLimited(),
	"POST /api/v1/guest/orders/{token}/pay":                                        op("Pay a pending guest order", http.StatusOK, T[marquee.TicketPayResult]()).in(T[marquee.TicketPayRequest]()).errs(http.StatusPaymentRequired, http.StatusConflict).rateLimited(),
	"POST /api/v1/guest/orders/{token}/confirm":                                    op("Settle a guest order after the card's confirmation", http.StatusOK, T[marquee.TicketPayResult]()).errs(http.StatusPaymentRequired).rateLimited(),
	"POST /api/v1/guest/orders/{token}/cancel":                                     op("Cancel a pending guest order (its seats released)", http.StatusOK, T[orderAnswer]()).errs(http.StatusConflict).rateLimited(),
	"POST /api/v1/guest/orders/{token}/self-cancel":                                op("Cancel a paid guest order by its link before the festival's cut-off, refunded by its rule", http.StatusOK, T[orderAnswer]()).errs(http.StatusConflict, http.StatusServiceUnavailable).rateLimited(),
	"GET /api/v1/guest/orders/{token}/tickets/{id}/ticket.pdf":                     op("A guest order's ticket as a PDF", http.StatusOK, nil).media("application/pdf").rateLimited(),
	"GET /api/v1/guest/orders/{token}/tickets/{id}/calendar.ics":                   op("A guest order's ticket as a calendar event", http.StatusOK, nil).media("text/calendar").rateLimited(),
	"POST /api/v1/tickets/claim-guest-orders":                                      op("Move the guest orders of the caller's confirmed address to their account", http.StatusOK, T[guestClaimAnswer]()),
	"POST /api/v1/guest/screenings/{id}/waitlist":                                  op("Ask to join a sold-out screening's waiting list without an account (confirmed by an e-mailed link)", http.StatusAccepted, T[marquee.GuestWaitlistSent]()).in(T[marquee.GuestWaitlistRequest]()).errs(http.StatusConflict).rateLimited(),
	"POST /api/v1/guest/waitlist/{token}/confirm":                                  op("Confirm a visitor's place on a waiting list, and read it", http.StatusOK, T[marquee.GuestWaitlistEntry]()).rateLimited(),
	"POST /api/v1/guest/waitlist/{token}/leave":                                    op("Take a visitor off a waiting list", http.StatusNoContent, nil).rateLimited(),
	"GET /api/v1/guest/waitlist-offers/{token}":                                    op("A waiting-list offer made to a visitor", http.StatusOK, T[marquee.WaitlistOffer]()).rateLimited(),
	"POST /api/v1/guest/waitlist-offers/{token}/claim":                             op("Take an offer's held seats as a visitor's pending guest order", http.StatusCreated, T[marquee.GuestOrderResult]()).in(T[marquee.GuestOfferClaim]()).rateLimited(),
	"GET /api/v1/manage/festivals/{slug}/check-in/lists":                           op("A festival's check-in lists with their live counts", http.StatusOK, T[[]marquee.CheckInList]()),
	"POST /api/v1/manage/festivals/{slug}/check-in/lists":                          op("Add a check-in list", http.StatusCreated, T[marquee.CheckInList]()).in(T[marquee.CheckInListInput]()),
	"PUT /api/v1/manage/festivals/{slug}/check-in/lists/{id}":                      op("Rename a check-in list or change its screenings", http.StatusOK, T[marquee.CheckInList]()).in(T[marquee.CheckInListInput]()),
	"DELETE /api/v1/manage/festivals/{slug}/check-in/lists/{id}":                   op("Remove a check-in list", http.StatusNoContent, nil),
	"POST /api/v1/manage/festivals/{slug}/check-in/tickets/{id}/undo":              op("Undo a ticket's check-in (organiser and admins; audited)", http.StatusOK, T[marquee.CheckInUndo]()).errs(http.StatusConflict),
	"GET /api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types":             op("A screening's ticket types with their counters", http.StatusOK, T[[]*marquee.ManagedTicketType]()),
	"POST /api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types":            op("Add a ticket type to a screening", http.StatusCreated, T[marquee.ManagedTicketType]()).in(T[marquee.TicketTypeInput]()).errs(http.StatusConflict),
	"PUT /api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types/{typeId}":    op("Change a ticket type (its quota never below its seats sold and held)", http.StatusOK, T[marquee.ManagedTicketType]()).in(T[marquee.TicketTypeInput]()),
	"DELETE /api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types/{typeId}": op("Remove a ticket type no order used (not the standard one)", http.StatusNoContent, nil).errs(http.StatusConflict),
	"PUT /api/v1/manage/festivals/{slug}/screenings/{id}/attendee-names":           op("Set whether buyers name each ticket's attendee", http.StatusOK, T[attendeeNamesRequest]()).in(T[attendeeNamesRequest]()),
	"GET /api/v1/manage/festivals/{slug}/screenings/{id}/orders":                   op("A screening's orders with their types, attendees and vouchers, newest first", http.StatusOK, T[[]*marquee.OrganiserOrder]()),
	"GET /api/v1/manage/festivals/{slug}/vouchers":                                 op("A festival's vouchers with their use", http.StatusOK, T[[]*marquee.Voucher]()),
	"POST /api/v1/manage/festivals/{slug}/vouchers":                                op("Add a voucher (a discount code) to a festival", http.StatusCreated, T[marquee.Voucher]()).in(T[marquee.VoucherInput]()).errs(http.StatusConflict),
	"POST /api/v1/manage/festivals/{slug}/vouchers/{id}/disable":                   op("Stop a voucher's further use", http.StatusOK, T[marquee.Voucher]()),
	"POST /api/v1/voucher-checks":                                                  op("What a discount code does to an order, or why it is refused (fields.voucherCode)", http.StatusOK, T[marquee.VoucherQuote]()).in(T[marquee.VoucherCheck]()).rateLimited(),

	// Discovery by search engines and link previews.
	"GET /festival/{slug}": op("A festival's public page: the app's HTML with the festival's title, description, canonical link and link-preview tags (404 with the generic tags when unknown)", http.StatusOK, nil).media("text/html"),
	"GET /sitemap.xml":     op("The sitemap index of the approved festivals' pages", http.StatusOK, nil).media("application/xml"),
	"GET /sitemaps/{file}": op("One part of the sitemap (sitemaps/{n}.xml)", http.StatusOK, nil).media("application/xml"),
	"GET /robots.txt":      op("Crawling rules, naming the sitemap", http.StatusOK, nil).media("text/plain"),

	// Operations: served on the site only with MARQUEE_METRICS_TOKEN set (else on MARQUEE_METRICS_ADDR, or off).
	"GET /metrics": op("Prometheus metrics; the bearer token MARQUEE_METRICS_TOKEN is required", http.StatusOK, nil).media("text/plain").errs(http.StatusUnauthorized),

	// This document and its reference page.
	"GET /api/v1/openapi.json": op("This document (OpenAPI 3.1)", http.StatusOK, nil).media("application/json"),
	"GET /api-docs":            op("The API reference page, rendered from this document", http.StatusOK, nil).media("text/html"),
}

// Envelopes: the answers the handlers write as {name: value}.
type (
	statusAnswer struct {
		Status string `json:"status"`
	}
	userAnswer struct {
		User marquee.User `json:"user"`
	}
	sessionAnswer struct {
		User *marquee.User `json:"user"`
	}
	loginAnswer struct {
		User  marquee.User `json:"user"`
		Token string       `json:"token"`
	}
	verifiedAnswer struct {
		Verified bool `json:"verified"`
	}
	packagesAnswer struct {
		Packages []marquee.Package `json:"packages"`
	}
	packageAnswer struct {
		Package marquee.Package `json:"package"`
	}
	siteAnswer struct {
		SupportEmail   string `json:"supportEmail"`
		SupportPhone   string `json:"supportPhone"`
		SupportAddress string `json:"supportAddress"`
	}
	messageAnswer struct {
		Message string `json:"message"`
	}
	emptyAnswer    struct{}
	festivalAnswer struct {
		Festival fullFestival `json:"festival"`
	}
	publicFestivalAnswer struct {
		Festival marquee.PublicFestival `json:"festival"`
	}
	compatFestivalAnswer struct {
		Success  bool         `json:"success"`
		Message  string       `json:"message"`
		Festival fullFestival `json:"festival"`
	}
	festivalRevisionAnswer struct {
		Festival fullFestival              `json:"festival"`
		Revision *marquee.FestivalRevision `json:"revision"`
	}
	// itemsAnswer is a list that is not paged.
	itemsAnswer[T any] struct {
		Items []T `json:"items"`
	}
	judgeAnswer struct {
		Judge marquee.Judge `json:"judge"`
	}
	addedAnswer struct {
		Added int `json:"added"`
	}
	scoreAnswer struct {
		Score marquee.JudgeScore `json:"score"`
	}
	conflictAnswer struct {
		Conflict marquee.Conflict `json:"conflict"`
	}
	submissionAnswer struct {
		Submission marquee.Submission `json:"submission"`
	}
	waiverAnswer struct {
		Waiver marquee.Waiver `json:"waiver"`
	}
	questionsAnswer struct {
		Questions []marquee.Question `json:"questions"`
	}
	entryStatusesAnswer struct {
		Statuses []marquee.EntryStatus `json:"statuses"`
	}
	entryStatusAnswer struct {
		Status marquee.EntryStatus `json:"status"`
	}
	extensionsAnswer struct {
		Extensions []marquee.DeadlineExtension `json:"extensions"`
	}
	extensionAnswer struct {
		Extension marquee.DeadlineExtension `json:"extension"`
	}
	messageItemAnswer struct {
		Message marquee.Message `json:"message"`
	}
	reminderAnswer struct {
		Reminder marquee.Reminder `json:"reminder"`
	}
	filmAnswer struct {
		Film marquee.Film `json:"film"`
	}
	movieAnswer struct {
		Movie marquee.Movie `json:"movie"`
	}
	receivedAnswer struct {
		Received bool `json:"received"`
	}
	successAnswer struct {
		Success bool `json:"success"`
	}
	purchaseAnswer struct {
		Purchase marquee.Purchase `json:"purchase"`
	}
	endedAnswer struct {
		Ended int64 `json:"ended"`
	}
	contactAnswer struct {
		Message marquee.ContactMessage `json:"message"`
	}
	adminOrderAnswer struct {
		Order marquee.AdminTicketOrder `json:"order"`
	}
	orderAnswer struct {
		Order marquee.TicketOrder `json:"order"`
	}
	packageEditsAnswer struct {
		Packages []marquee.PackageEdit `json:"packages"`
	}
	packageEditAnswer struct {
		Package marquee.PackageEdit `json:"package"`
	}
	compatDashboardAnswer struct {
		Success bool                 `json:"success"`
		Data    []compatDashboardRow `json:"data"`
	}
	compatDashboardRow struct {
		TotalUsers         int64   `json:"totalUsers"`
		TotalSubscriptions int64   `json:"totalSubscriptions"`
		TotalTransactions  int64   `json:"totalTransactions"`
		TotalIncome        float64 `json:"totalIncome"`
		UsersThisMonth     int64   `json:"usersThisMonth"`
	}
	compatUsersAnswer struct {
		Success bool         `json:"success"`
		User    []compatUser `json:"user"`
	}
)

// Query parameters: a field's `query` tag names the parameter.
type (
	pageQuery struct {
		Page int `query:"page" doc:"The page, from 1"`
	}
	statusPageQuery struct {
		Status string `query:"status" doc:"Only those of this status"`
		Page   int    `query:"page" doc:"The page, from 1"`
	}
	userStatusPageQuery struct {
		Status string `query:"status" doc:"Only those of this status"`
		UserID int64  `query:"userId" doc:"Only this account's"`
		Page   int    `query:"page" doc:"The page, from 1"`
	}
	userSearchQuery struct {
		Q    string       `query:"q" doc:"Part of the e-mail address or name"`
		Role marquee.Role `query:"role" doc:"Only accounts of this role"`
		Page int          `query:"page" doc:"The page, from 1"`
	}
	auditQuery struct {
		Actor      string              `query:"actor" doc:"Part of the acting account's e-mail address"`
		Action     marquee.AuditAction `query:"action"`
		TargetType string              `query:"targetType"`
		TargetID   string              `query:"targetId"`
		Festival   string              `query:"festival" doc:"A festival's slug"`
		Page       int                 `query:"page" doc:"The page, from 1"`
	}
	festivalSearchQuery struct {
		Q        string `query:"q" doc:"Words of the name, place or description"`
		Country  string `query:"country" doc:"ISO 3166-1 alpha-2 code"`
		From     string `query:"from" doc:"Festivals ending on or after this day (YYYY-MM-DD)"`
		To       string `query:"to" doc:"Festivals starting on or before this day (YYYY-MM-DD)"`
		Category string `query:"category" doc:"A category's name"`
		Sort     string `query:"sort"`
		Open     bool   `query:"open" doc:"Only festivals open for submissions"`
		MaxFee   int64  `query:"maxFee" doc:"At most this current fee, in credits"`
		Page     int    `query:"page" doc:"The page, from 1"`
		PerPage  int    `query:"perPage"`
	}
	rankingQuery struct {
		Category int64  `query:"category" doc:"A category's id (every category when absent)"`
		Sort     string `query:"sort"`
		Page     int    `query:"page" doc:"The page, from 1"`
	}
	receivedQuery struct {
		Category    int64                    `query:"category" doc:"A category's id"`
		Status      marquee.SubmissionStatus `query:"status"`
		Country     string                   `query:"country" doc:"The film's country, ISO 3166-1 alpha-2"`
		Flag        string                   `query:"flag"`
		MinScore    float64                  `query:"minScore"`
		MaxScore    float64                  `query:"maxScore"`
		EntryStatus int64                    `query:"entryStatus" doc:"One of the organiser's own statuses' id"`
		Sort        string                   `query:"sort"`
		Page        int                      `query:"page" doc:"The page, from 1"`
	}
	rangeQuery struct {
		Range marquee.AnalyticsRange `query:"range" doc:"30d when absent"`
	}
	// attendeeNamesRequest is PUT …/attendee-names's body and answer.
	attendeeNamesRequest struct {
		AttendeeNames marquee.AttendeeNames `json:"attendeeNames"`
	}
	payoutStatusPageQuery struct {
		Status string `query:"status" doc:"Only payouts of this status (all when absent)"`
		Page   int    `query:"page" doc:"The page, from 1"`
	}
	monthQuery struct {
		Month    string `query:"month" doc:"The month, YYYY-MM (UTC); this month when absent"`
		Currency string `query:"currency" doc:"The statement's currency (usd, eur, jpy, cny); the festival's ticket currency when absent"`
	}
	holderQuery struct {
		Q           string `query:"q" doc:"Part of the holder's name or e-mail address"`
		ScreeningID int64  `query:"screeningId"`
	}
)
