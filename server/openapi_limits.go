package server

import (
	"reflect"
	"strings"

	"github.com/marquee-festival/marquee"
)

// limit is what the API document says of a field beyond its type: JSON
// Schema keywords (maxLength, minimum, enum, format, ...).
type limit = map[string]any

// apiFieldLimits are the fields' limits in the API document, by the Go
// struct that declares the field and its JSON name. Every number is the
// constant the domain's Validate checks (marquee.*Max), never a copy, so
// the document and the rule cannot disagree; a length counts characters
// (marquee.Length), as JSON Schema's maxLength does.
var apiFieldLimits = map[reflect.Type]map[string]limit{
	T[marquee.FilmSpecs](): {
		"trailerUrl":     {"description": "An https address; \"\" for none", "maxLength": marquee.FilmTrailerMax},
		"completionDate": {"description": "YYYY-MM-DD; \"\" when not given", "pattern": "^(\\d{4}-\\d{2}-\\d{2})?$"},
		"aspectRatio":    {"maxLength": marquee.FilmAspectRatioMax},
		"sound":          {"description": "One of " + strings.Join(marquee.FilmSounds, ", ") + " (any case); \"\" when not given"},
		"shootingFormat": {"maxLength": marquee.FilmShootingFormatMax},
		"languages":      {"maxItems": marquee.FilmSpecLanguagesMax, "items": limit{"type": "string", "maxLength": marquee.FilmLanguageMax}},
		"subtitles":      {"maxItems": marquee.FilmSpecLanguagesMax, "items": limit{"type": "string", "maxLength": marquee.FilmLanguageMax}},
		"history":        {"maxItems": marquee.FilmHistoryMax},
	},
	T[marquee.FilmHistoryEntry](): {
		"festival": {"maxLength": marquee.FilmHistoryTextMax},
		"award":    {"maxLength": marquee.FilmHistoryTextMax},
		"year":     {"minimum": marquee.FilmYearMin},
	},
	T[marquee.Film]():       {"stills": {"maxItems": marquee.FilmStillsMax}},
	T[marquee.EntryRules](): {"terms": {"maxLength": marquee.EntryTermsMax}},
	T[marquee.BulkSend](): {"key": {"description": "A random id the client makes once per send (a UUID will do): a repeat with it answers the first send",
		"minLength": marquee.BulkKeyMin, "maxLength": marquee.BulkKeyMax, "pattern": marquee.BulkKeyPattern}},
	T[marquee.EntryLimits](): {
		"minRuntime":     {"minimum": 0, "maximum": marquee.FilmRuntimeMax},
		"maxRuntime":     {"minimum": 0, "maximum": marquee.FilmRuntimeMax},
		"completedAfter": {"description": "YYYY-MM-DD; \"\" for any", "pattern": "^(\\d{4}-\\d{2}-\\d{2})?$"},
		"countries":      {"description": "ISO 3166-1 alpha-2 codes; empty for any"},
	},
	T[marquee.SavedFestival](): {"tier": {"type": "string", "enum": append([]marquee.DeadlineTier{""}, marquee.Tiers...)}},
	T[marquee.NewUser](): {
		"email":    {"format": "email", "maxLength": marquee.EmailMax},
		"password": {"minLength": marquee.PasswordMinLength, "maxLength": marquee.PasswordMaxLength},
		"name":     {"maxLength": marquee.UserNameMax},
	},
	T[marquee.Credentials](): {"email": {"format": "email"}, "password": {"minLength": 1}},
	T[marquee.PasswordChange](): {
		"currentPassword": {"minLength": 1},
		"newPassword":     {"minLength": marquee.PasswordMinLength, "maxLength": marquee.PasswordMaxLength},
	},
	T[marquee.PasswordReset]():        {"password": {"minLength": marquee.PasswordMinLength, "maxLength": marquee.PasswordMaxLength}},
	T[marquee.PasswordResetRequest](): {"email": {"format": "email"}},
	T[marquee.AccountDeletion]():      {"password": {"minLength": 1}},
	T[marquee.NewContactMessage](): {
		"name":    {"minLength": 1, "maxLength": marquee.ContactNameMax},
		"email":   {"format": "email", "maxLength": marquee.EmailMax},
		"subject": {"maxLength": marquee.ContactSubjectMax},
		"message": {"minLength": marquee.ContactMessageMin, "maxLength": marquee.ContactMessageMax},
		"website": {"description": "Leave empty (a trap for robots)"},
	},
	T[marquee.FestivalDetails](): {
		"name":         {"minLength": marquee.FestivalNameMin, "maxLength": marquee.FestivalNameMax},
		"description":  {"maxLength": marquee.FestivalDescriptionMax},
		"location":     {"maxLength": marquee.FestivalLocationMax},
		"country":      {"description": "ISO 3166-1 alpha-2, upper case; \"\" when not given", "pattern": "^([A-Z]{2})?$"},
		"city":         {"maxLength": marquee.FestivalCityMax},
		"website":      {"maxLength": marquee.FestivalWebsiteMax},
		"startDate":    {"format": "date"},
		"endDate":      {"format": "date"},
		"contactEmail": {"format": "email", "maxLength": marquee.EmailMax},
	},
	T[marquee.PayoutTaxData](): {
		"legalName": {"minLength": 1, "maxLength": marquee.PayoutLegalNameMax},
		"address":   {"minLength": 1, "maxLength": marquee.PayoutAddressMax},
		"country":   {"description": "ISO 3166-1 alpha-2 (upper-cased by the server)", "pattern": "^ *[A-Za-z]{2} *$"},
		"taxId":     {"description": "Letters, digits, spaces, hyphens, dots and slashes", "minLength": 1, "maxLength": marquee.PayoutTaxIDMax, "pattern": "^[A-Za-z0-9 ./-]+$"},
	},
	T[festivalRejectRequest]():    {"reason": {"minLength": 1, "maxLength": marquee.RejectionReasonMax}},
	T[festivalRevisionReview]():   {"reason": {"maxLength": marquee.RejectionReasonMax}},
	T[festivalCategoriesUpdate](): {"categories": {"maxItems": marquee.CategoriesMax}},
	T[festivalCriteriaUpdate]():   {"criteria": {"maxItems": marquee.CriteriaMax}},
	T[marquee.Category](): {
		"name":        {"minLength": 1, "maxLength": marquee.CategoryNameMax},
		"description": {"maxLength": marquee.CategoryDescriptionMax},
		"deadlines":   {"maxItems": len(marquee.Tiers)},
	},
	T[marquee.Deadline](): {
		"date": {"format": "date"},
		"fee":  {"minimum": 0, "maximum": marquee.FeeMax},
	},
	T[marquee.Criterion](): {
		"name":     {"minLength": 1, "maxLength": marquee.CriterionNameMax},
		"weight":   {"minimum": 1, "maximum": marquee.WeightMax},
		"maxScore": {"minimum": 1, "maximum": marquee.MaxScoreMax},
	},
	T[marquee.FilmDetails](): {
		"title":            {"minLength": 1, "maxLength": marquee.FilmTitleMax},
		"originalTitle":    {"maxLength": marquee.FilmTitleMax},
		"logline":          {"maxLength": marquee.FilmLoglineMax},
		"synopsis":         {"maxLength": marquee.FilmSynopsisMax},
		"runtimeMinutes":   {"minimum": 0, "maximum": marquee.FilmRuntimeMax},
		"genre":            {"maxLength": marquee.FilmGenreMax},
		"country":          {"description": "ISO 3166-1 alpha-2, upper case; \"\" when not given", "pattern": "^([A-Z]{2})?$"},
		"language":         {"maxLength": marquee.FilmLanguageMax},
		"year":             {"description": "Year of completion; 0 when not given", "minimum": 0},
		"director":         {"maxLength": marquee.FilmDirectorMax},
		"credits":          {"maxItems": marquee.FilmCreditsMax},
		"screenerUrl":      {"maxLength": marquee.FilmScreenerMax},
		"screenerPassword": {"maxLength": marquee.FilmScreenerMax},
	},
	T[marquee.FilmCredit](): {
		"name": {"minLength": 1, "maxLength": marquee.FilmCreditNameMax},
		"role": {"minLength": 1, "maxLength": marquee.FilmCreditRoleMax},
	},
	T[inquiryRequest]():       {"question": {"minLength": 1, "maxLength": marquee.InquiryQuestionMax}},
	T[inquiryStreamRequest](): {"question": {"minLength": 1, "maxLength": marquee.InquiryQuestionMax}, "history": {"maxItems": marquee.InquiryHistoryMax}},
	T[marquee.InquiryTurn]():  {"role": {"enum": []string{marquee.InquiryRoleUser, marquee.InquiryRoleAssistant}}, "text": {"minLength": 1, "maxLength": marquee.InquiryTurnMax}},
	T[judgeConflictRequest](): {"reason": {"maxLength": marquee.ConflictReasonMax}},
	T[judgeInviteRequest]():   {"email": {"format": "email"}},
	T[doorStaffAddRequest]():  {"email": {"format": "email"}},
	T[marquee.ScoreInput](): {
		"comment":     {"maxLength": marquee.JudgeCommentMax},
		"privateNote": {"maxLength": marquee.JudgeNoteMax},
		"scores":      {"maxItems": marquee.CriteriaMax},
	},
	T[marquee.CriterionScore](): {"score": {"minimum": 0, "maximum": marquee.MaxScoreMax}},
	T[marquee.AssignmentRequest](): {
		"judgeIds":      {"maxItems": marquee.AssignJudgesMax},
		"categoryIds":   {"maxItems": marquee.AssignCategoriesMax},
		"submissionIds": {"maxItems": marquee.AssignSubmissionsMax},
	},
	T[decisionRequest]():  {"ids": {"minItems": 1, "maxItems": marquee.DecisionIDsMax}},
	T[marquee.Decision](): {"awardName": {"maxLength": marquee.AwardNameMax}},
	T[marquee.NewSubmission](): {
		"entries":    {"minItems": 1, "maxItems": marquee.SubmissionEntriesMax},
		"waiverCode": {"maxLength": marquee.WaiverCodeMax},
	},
	T[marquee.NewWaiver](): {
		"code":       {"minLength": marquee.WaiverCodeMin, "maxLength": marquee.WaiverCodeMax},
		"percent":    {"minimum": 1, "maximum": 100},
		"usageLimit": {"minimum": 1, "maximum": marquee.WaiverUsageLimitMax},
		"expiresOn":  {"description": "YYYY-MM-DD; \"\" for none"},
	},
	T[marquee.SettingsChange](): {"minJudges": {"minimum": 1, "maximum": marquee.JudgesMax}},
	// A festival date's reminder sends festivalName and date; a category
	// deadline's sends festivalSlug, categoryId and tier (the name and date
	// are then the festival's).
	T[marquee.NewReminder](): {
		"festivalName": {"minLength": 1, "maxLength": marquee.ReminderFestivalNameMax},
		"date":         {"format": "date"},
		"categoryId":   {"minimum": 1},
	},
	// A festival date's reminder has no tier ("").
	T[marquee.Reminder](): {"tier": {"type": "string", "enum": append([]marquee.DeadlineTier{""}, marquee.Tiers...)}},
	T[marquee.CreditAdjustment](): {
		"delta":  {"minimum": -marquee.CreditAdjustmentMax, "maximum": marquee.CreditAdjustmentMax},
		"reason": {"minLength": 1, "maxLength": marquee.CreditReasonMax},
	},
	T[marquee.PackageUpdate](): {
		"priceCents": {"minimum": 0, "maximum": marquee.PackagePriceMaxCents},
		"credits":    {"minimum": 1, "maximum": marquee.PackageCreditsMax},
		"position":   {"minimum": 0, "maximum": marquee.PackagePositionMax},
	},
	T[marquee.PackageText](): {
		"name":        {"minLength": 1, "maxLength": marquee.PackageNameMax},
		"description": {"maxLength": marquee.PackageDescriptionMax},
		"features":    {"maxItems": marquee.PackageFeaturesMax, "items": limit{"type": "string", "minLength": 1, "maxLength": marquee.PackageFeatureMax}},
	},
	T[marquee.ScreeningInput](): {
		"title":        {"maxLength": marquee.ScreeningTitleMax},
		"venue":        {"minLength": 1, "maxLength": marquee.ScreeningVenueMax},
		"capacity":     {"minimum": 1, "maximum": marquee.ScreeningCapacityMax},
		"priceCents":   {"description": "0 (free) or from TicketPriceMinCents", "minimum": 0, "maximum": marquee.TicketPriceMaxCents},
		"startsAt":     {"description": "Local time of the festival's zone, YYYY-MM-DDTHH:MM"},
		"endsAt":       {"description": "Local time of the festival's zone, YYYY-MM-DDTHH:MM"},
		"salesStartAt": {"description": "Local time; \"\" for now"},
		"salesEndAt":   {"description": "Local time; \"\" for the screening's start"},
	},
	T[marquee.OrderRequest](): {
		"quantity":    {"description": "The standard type's seats when items is empty", "minimum": 0, "maximum": marquee.TicketOrderMax},
		"items":       {"description": "Seats per ticket type, 1 to TicketOrderMax in all", "maxItems": marquee.TicketTypesMax},
		"voucherCode": {"description": "A discount code, \"\" for none", "maxLength": marquee.VoucherCodeMax},
	},
	T[marquee.BuyerTax](): {
		"buyerCompany": {"description": "The buyer's company for the receipt, \"\" for none (required with a VAT id)", "maxLength": marquee.BuyerCompanyMax},
		"buyerVatId":   {"description": "The company's VAT id, \"\" for none: a two-letter country prefix and 2 to 13 letters or digits (spaces, dots and dashes are dropped, letters upper-cased)"},
	},
	T[marquee.OrderItem](): {
		"quantity":  {"minimum": 0, "maximum": marquee.TicketOrderMax},
		"attendees": {"description": "One name per seat (at most AttendeeNameMax characters each), or none", "maxItems": marquee.TicketOrderMax, "items": limit{"type": "string", "maxLength": marquee.AttendeeNameMax}},
	},
	T[marquee.TicketTypeInput](): {
		"name":       {"description": "\"\" only for the standard type", "maxLength": marquee.TicketTypeNameMax},
		"priceCents": {"description": "0 (free) or from TicketPriceMinCents", "minimum": 0, "maximum": marquee.TicketPriceMaxCents},
		"quota":      {"description": "The most seats of this type (at most the screening's capacity); null for none of its own", "minimum": 0, "maximum": marquee.ScreeningCapacityMax},
	},
	T[marquee.VoucherInput](): {
		"code":       {"description": "Letters, digits, dashes or underscores (upper-cased)", "minLength": marquee.VoucherCodeMin, "maxLength": marquee.VoucherCodeMax},
		"value":      {"description": "The percentage (1 to 100), the cents off (fixed), or 0 (free)", "minimum": 0, "maximum": marquee.TicketPriceMaxCents * marquee.TicketOrderMax},
		"usageLimit": {"minimum": 1, "maximum": marquee.VoucherUsageMax},
		"validFrom":  {"description": "The first local day YYYY-MM-DD, \"\" for no bound"},
		"validUntil": {"description": "The last local day YYYY-MM-DD, \"\" for no bound"},
		"typeNames":  {"description": "Only ticket types of these names (\"\" is the standard type); none for every type", "maxItems": marquee.TicketTypesMax},
	},
	T[marquee.VoucherCheck](): {
		"code":  {"minLength": 1, "maxLength": marquee.VoucherCodeMax},
		"items": {"maxItems": marquee.TicketTypesMax},
	},
	T[marquee.NewPromotion]():       {"days": {"enum": marquee.PromotionLengths}, "key": {"minLength": 1, "maxLength": 64}},
	T[marquee.CampaignEvents]():     {"ids": {"maxItems": marquee.MaxCampaignEvents}},
	T[marquee.RefundConfirmation](): {"takeCredits": {"minimum": 1}, "refundCents": {"minimum": 1}},
	// The facts an audit entry changed: JSON objects, or null.
	T[marquee.AuditEntry]():       {"before": auditFacts, "after": auditFacts},
	T[marquee.FestivalActivity](): {"before": auditFacts, "after": auditFacts},
	T[marquee.FieldChange]():      {"field": {"enum": marquee.FestivalReviewedFields}},
	T[pageQuery]():                {"page": {"minimum": 1, "maximum": marquee.PageMax}},
	T[statusPageQuery]():          {"page": {"minimum": 1, "maximum": marquee.PageMax}},
	T[userStatusPageQuery]():      {"page": {"minimum": 1, "maximum": marquee.PageMax}, "userId": {"minimum": 1}},
	T[userSearchQuery]():          {"page": {"minimum": 1, "maximum": marquee.PageMax}},
	T[auditQuery]():               {"page": {"minimum": 1, "maximum": marquee.PageMax}},
	T[festivalSearchQuery](): {
		"q":        {"maxLength": marquee.FestivalSearchTextMax},
		"category": {"maxLength": marquee.CategoryNameMax},
		"from":     {"format": "date"},
		"to":       {"format": "date"},
		"sort":     {"enum": []string{marquee.FestivalSortDeadline, marquee.FestivalSortStart, marquee.FestivalSortRelevance}},
		"page":     {"minimum": 1, "maximum": marquee.FestivalSearchPageMax},
		"perPage":  {"minimum": 1, "maximum": marquee.FestivalSearchPerPageMax},
		"maxFee":   {"minimum": 0},
	},
	T[payoutStatusPageQuery](): {
		"status": {"enum": []string{"all", string(marquee.PayoutPending), string(marquee.PayoutPaid), string(marquee.PayoutFailed)}},
		"page":   {"minimum": 1, "maximum": marquee.PageMax},
	},
	T[rankingQuery]():  {"sort": {"enum": []string{marquee.RankingSortWeighted, marquee.RankingSortCalibrated}}, "page": {"minimum": 1, "maximum": marquee.PageMax}},
	T[receivedQuery](): {"sort": {"enum": []string{marquee.ReceivedSortDate, marquee.ReceivedSortScore, marquee.ReceivedSortCalibrated}}, "page": {"minimum": 1, "maximum": marquee.PageMax}},
}

// auditFacts is the schema of an audit entry's before and after.
var auditFacts = limit{"type": []string{"object", "null"}, "additionalProperties": limit{}}

// apiOptionalFields are request fields a caller may leave out (their
// zero value is what leaving them out means), by the struct that declares
// them.
var apiOptionalFields = map[reflect.Type][]string{
	T[marquee.NewUser]():           {"name"},
	T[marquee.NewContactMessage](): {"website"},
	T[marquee.NewReminder]():       {"festivalName", "date", "festivalSlug", "categoryId", "tier"},
	T[marquee.NewSubmission]():     {"waiverCode", "answers"},
	T[festivalRevisionReview]():    {"reason"},
	T[marquee.CheckoutRequest]():   {"amountCents", "paymentMethodId"},
	T[marquee.TicketPayRequest]():  {"paymentMethodId"},
	T[marquee.OrderRequest]():      {"quantity", "items", "voucherCode"},
	T[marquee.OrderItem]():         {"attendees"},
	T[marquee.BuyerTax]():          {"buyerCompany", "buyerVatId"},
	T[marquee.VoucherInput]():      {"validFrom", "validUntil", "screeningIds", "typeNames"},
	T[marquee.VoucherCheck]():      {"items"},
	T[marquee.CheckInRequest]():    {"code", "ticketId"},
	T[marquee.Decision]():          {"awardName", "shareComments"},
	T[marquee.AssignmentRequest](): {"categoryIds", "submissionIds", "perSubmission"},
	// A category or criterion sent without an id is a new one; a
	// category's current tier is the server's to compute.
	T[marquee.Category]():  {"id", "current"},
	T[marquee.Criterion](): {"id"},
	// A change names only what it changes (nil keeps the value).
	T[marquee.SettingsChange](): {"refundOnWithdraw", "blindReview", "judgingLocked", "minJudges"},
}

// apiNeverNull are pointer fields the services always fill (a pointer for
// sharing, not for absence); the answer check holds them to it (an
// Assignment's submission and film are not: null in conflict).
var apiNeverNull = map[reflect.Type][]string{
	T[marquee.UserDetail]():       {"user"},
	T[marquee.SubmissionDetail](): {"submission", "film"},
	T[marquee.RankedSubmission](): {"submission"},
	T[marquee.CheckoutResult]():   {"purchase"},
	T[marquee.PayoutOnboarding](): {"account"},
	T[marquee.RefundResult]():     {"purchase"},
	T[marquee.TicketPayResult]():  {"order"},
	T[marquee.TicketOrder]():      {"screening"},
	T[marquee.Ticket]():           {"screening"},
}

// apiNullable are list fields the services may leave nil (null in the
// answer): the document says so, and the answer check holds the other
// lists to never being null.
var apiNullable = map[reflect.Type][]string{
	T[marquee.Judge]():            {"categoryIds"},
	T[marquee.JudgeScore]():       {"scores"},
	T[marquee.Assignment]():       {"criteria"},
	T[marquee.Submission]():       {"feedback"},
	T[marquee.SubmissionDetail](): {"scores", "conflicts", "judges"},
	T[marquee.Analytics]():        {"tickets"},
}

// apiEnums are the values of the domain's named string types, from their
// constants (marquee.AuditActions, marquee.Tiers are the domain's lists).
var apiEnums = map[reflect.Type]any{
	T[marquee.AuditAction]():         marquee.AuditActions,
	T[marquee.EarningKind]():         marquee.EarningKinds,
	T[marquee.PayoutStatus]():        []marquee.PayoutStatus{marquee.PayoutPending, marquee.PayoutPaid, marquee.PayoutFailed},
	T[marquee.PayoutAccountStatus](): []marquee.PayoutAccountStatus{marquee.PayoutAccountOnboarding, marquee.PayoutAccountActive, marquee.PayoutAccountRestricted},
	T[marquee.PayoutTrigger]():       []marquee.PayoutTrigger{marquee.PayoutScheduled, marquee.PayoutByAdmin},
	T[marquee.DeadlineTier]():        marquee.Tiers,
	T[marquee.AnalyticsRange]():      []marquee.AnalyticsRange{marquee.Range7d, marquee.Range30d, marquee.Range90d, marquee.RangeAll},
	T[marquee.CampaignEventKind]():   []marquee.CampaignEventKind{marquee.CampaignView, marquee.CampaignClick},
	T[marquee.ActivityActor]():       []marquee.ActivityActor{marquee.ActivityOrganiser, marquee.ActivityJudge, marquee.ActivityAdmin, marquee.ActivityNone},
	T[marquee.ContactStatus]():       []marquee.ContactStatus{marquee.ContactOpen, marquee.ContactHandled},
	T[marquee.FestivalStatus]():      []marquee.FestivalStatus{marquee.FestivalPending, marquee.FestivalApproved, marquee.FestivalRejected},
	T[marquee.RevisionStatus]():      []marquee.RevisionStatus{marquee.RevisionPending, marquee.RevisionRejected},
	T[marquee.JudgeStatus]():         []marquee.JudgeStatus{marquee.JudgeInvited, marquee.JudgeActive},
	T[marquee.Role]():                []marquee.Role{marquee.RoleFilmmaker, marquee.RoleOrganiser, marquee.RoleAdmin},
	T[marquee.PurchaseStatus]():      []marquee.PurchaseStatus{marquee.PurchasePending, marquee.PurchaseSucceeded, marquee.PurchaseFailed, marquee.PurchaseRefunded},
	T[marquee.LedgerReason]():        []marquee.LedgerReason{marquee.LedgerPurchase, marquee.LedgerRefund, marquee.LedgerAdjustment, marquee.LedgerPromotion, marquee.LedgerPromotionRefund, marquee.LedgerSubmissionFee, marquee.LedgerSubmissionRefund},
	T[marquee.CardDecline]():         []marquee.CardDecline{marquee.DeclineGeneric, marquee.DeclineInsufficientFunds, marquee.DeclineExpired, marquee.DeclineIncorrectCVC, marquee.DeclineIncorrectNumber, marquee.DeclineInvalidExpiry, marquee.DeclineIncorrectPostcode, marquee.DeclineNotSupported, marquee.DeclineLimitReached, marquee.DeclineAuthentication, marquee.DeclineTryAgain, marquee.DeclineCanceled, marquee.DeclineUnexplained},
	T[marquee.PromotionStatus]():     []marquee.PromotionStatus{marquee.PromotionActive, marquee.PromotionEnded},
	T[marquee.ReminderPreference]():  []marquee.ReminderPreference{marquee.RemindDayOf, marquee.RemindOneDayBefore, marquee.RemindOneWeekBefore},
	T[marquee.MailStatus]():          []marquee.MailStatus{marquee.MailQueued, marquee.MailSent, marquee.MailFailed, marquee.MailKept, marquee.MailHeld},
	T[marquee.ScreeningStatus]():     []marquee.ScreeningStatus{marquee.ScreeningScheduled, marquee.ScreeningCancelled},
	T[marquee.SubmissionStatus]():    []marquee.SubmissionStatus{marquee.SubmissionSubmitted, marquee.SubmissionInConsideration, marquee.SubmissionSelected, marquee.SubmissionNotSelected, marquee.SubmissionFinalist, marquee.SubmissionAwardWinner, marquee.SubmissionWithdrawn},
	T[marquee.SubmissionFlag]():      []marquee.SubmissionFlag{marquee.FlagNone, marquee.FlagStrongContender, marquee.FlagNeedsReview, marquee.FlagFlagNotSelected},
	T[marquee.WaitlistStatus]():      []marquee.WaitlistStatus{marquee.WaitlistWaiting, marquee.WaitlistOffered, marquee.WaitlistClaimed, marquee.WaitlistLapsed, marquee.WaitlistLeft},
	T[marquee.TicketOrderStatus]():   []marquee.TicketOrderStatus{marquee.OrderPending, marquee.OrderPaid, marquee.OrderFailed, marquee.OrderExpired, marquee.OrderCancelled, marquee.OrderRefunded},
	T[marquee.TicketStatus]():        []marquee.TicketStatus{marquee.TicketValid, marquee.TicketUsed, marquee.TicketCancelled, marquee.TicketRefunded},
	T[marquee.AttendeeNames]():       []marquee.AttendeeNames{marquee.AttendeeNamesOff, marquee.AttendeeNamesOptional, marquee.AttendeeNamesRequired},
	T[marquee.VoucherKind]():         []marquee.VoucherKind{marquee.VoucherPercent, marquee.VoucherFixed, marquee.VoucherFree},
	T[marquee.PremiereStatus]():      []marquee.PremiereStatus{"", marquee.PremiereWorld, marquee.PremiereInternational, marquee.PremiereNational, marquee.PremiereNone},
	T[marquee.CheckInOutcome]():      []marquee.CheckInOutcome{marquee.CheckInValid, marquee.CheckInUsed, marquee.CheckInWrongScreening, marquee.CheckInWrongList, marquee.CheckInCancelled, marquee.CheckInUnknown},
}
