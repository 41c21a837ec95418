package marquee

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// AnalyticsRange is the period an organiser's analytics cover: the last
// 7, 30 or 90 days (today included), or all.
type AnalyticsRange string

// The analytics ranges.
const (
	Range7d  AnalyticsRange = "7d"
	Range30d AnalyticsRange = "30d"
	Range90d AnalyticsRange = "90d"
	RangeAll AnalyticsRange = "all"
)

// ParseAnalyticsRange reads ?range=: empty means 30 days.
func ParseAnalyticsRange(s string) (AnalyticsRange, error) {
	switch r := AnalyticsRange(strings.TrimSpace(s)); r {
	case "":
		return Range30d, nil
	case Range7d, Range30d, Range90d, RangeAll:
		return r, nil
	}
	return "", Errorf(EInvalid, "Choose a range of 7d, 30d, 90d or all.")
}

// FirstDay returns the first day (YYYY-MM-DD) the range covers when today
// is today; "" for all.
func (r AnalyticsRange) FirstDay(today time.Time) string {
	n := map[AnalyticsRange]int{Range7d: 7, Range30d: 30, Range90d: 90}[r]
	if n == 0 {
		return ""
	}
	return today.AddDate(0, 0, 1-n).Format(time.DateOnly)
}

// PageView is one view of a festival's public page as the beacon reports
// it. IP and UserAgent only feed the day's visitor hash; they are never
// stored.
type PageView struct {
	Slug      string `json:"-"`
	Referrer  string `json:"referrer"`
	IP        string `json:"-"`
	UserAgent string `json:"-"`
	// Host is the site's own host, to tell its pages from other sites.
	Host string `json:"-"`
}

// CampaignEventKind is what a visitor did with a featured festival: saw
// it in the strip or a list, or followed it.
type CampaignEventKind string

// The campaign events.
const (
	CampaignView  CampaignEventKind = "view"
	CampaignClick CampaignEventKind = "click"
)

// CampaignEvents are impressions (or a click) of promotion campaigns,
// counted the same privacy-first way as page views.
type CampaignEvents struct {
	IDs       []int64           `json:"ids"`
	Kind      CampaignEventKind `json:"kind"`
	IP        string            `json:"-"`
	UserAgent string            `json:"-"`
}

// MaxCampaignEvents bounds the campaigns one beacon may name.
const MaxCampaignEvents = 12

// Validate checks the kind and the number of campaigns.
func (e *CampaignEvents) Validate() error {
	var f FieldErrors
	if e.Kind != CampaignView && e.Kind != CampaignClick {
		f.Add("kind", "Choose view or click.")
	}
	if len(e.IDs) == 0 || len(e.IDs) > MaxCampaignEvents || (e.Kind == CampaignClick && len(e.IDs) != 1) {
		f.Add("ids", "Name between 1 and 12 campaigns (one for a click).")
	}
	return f.Err()
}

// botMarkers are parts of the user agents of crawlers, previewers,
// monitors and scripts; a view from one is not counted.
var botMarkers = []string{"bot", "crawl", "spider", "slurp", "curl", "wget", "python", "go-http-client",
	"java/", "okhttp", "headless", "lighthouse", "facebookexternalhit", "preview", "monitor", "scrapy",
	"httpclient", "axios", "node-fetch", "libwww", "phantomjs", "pingdom", "uptime", "feedfetcher", "validator"}

// IsBot reports whether userAgent belongs to a robot (or is missing):
// privacy-first counting counts people.
func IsBot(userAgent string) bool {
	ua := strings.ToLower(strings.TrimSpace(userAgent))
	if ua == "" || !strings.Contains(ua, "mozilla") && !strings.Contains(ua, "opera") {
		return true
	}
	for _, m := range botMarkers {
		if strings.Contains(ua, m) {
			return true
		}
	}
	return false
}

// The page view sources besides referrer domains.
const (
	SourceDirect = "direct" // no referrer, or another page of the site
	SourceSearch = "search" // the site's own festival search (/festivals)
)

// ViewSource tells where a page view came from: SourceSearch for the
// site's festival search, SourceDirect for no referrer or another page
// of the site, else the referrer's domain (lower case, without "www.").
// A referrer whose host is not a plain host name or address (browsers
// send international names as punycode: other text, a percent-encoded
// bidi control say, is forged) counts as direct, so that every source
// stored is ASCII a one-line field accepts.
func ViewSource(referrer, ownHost string) string {
	u, err := url.Parse(strings.TrimSpace(referrer))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return SourceDirect
	}
	host := strings.ToLower(u.Hostname())
	if host == "" || strings.ContainsFunc(host, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_' || r == ':')
	}) {
		return SourceDirect
	}
	if own := strings.ToLower(ownHost); own != "" {
		if h, _, ok := strings.Cut(own, ":"); ok {
			own = h
		}
		if host == own {
			if p := strings.TrimSuffix(u.Path, "/"); p == "/festivals" {
				return SourceSearch
			}
			return SourceDirect
		}
	}
	host = strings.TrimPrefix(host, "www.")
	if len(host) > 100 {
		host = host[:100]
	}
	return host
}

// DayCount is a count on one day.
type DayCount struct {
	Day   string `json:"day"`
	Count int64  `json:"count"`
	// Cumulative is the count up to and including the day, from the
	// start of the range (submission days only).
	Cumulative int64 `json:"cumulative"`
}

// PageViewDay is a festival page's views and unique visitors on a day.
type PageViewDay struct {
	Day      string `json:"day"`
	Views    int64  `json:"views"`
	Visitors int64  `json:"visitors"`
}

// NamedCount is a count under a key (a category, country, status,
// source). Label is for people (a category's name); Key is stable.
type NamedCount struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Count int64  `json:"count"`
}

// TierIncome is the fee income of one tier: the entries paid in it and
// their credits, less refunds.
type TierIncome struct {
	Tier        DeadlineTier `json:"tier"`
	Submissions int64        `json:"submissions"`
	Credits     int64        `json:"credits"`
}

// DeadlineMarker is a deadline drawn on the submissions chart.
type DeadlineMarker struct {
	Date     string       `json:"date"`
	Category string       `json:"category"`
	Tier     DeadlineTier `json:"tier"`
}

// CampaignStats are a promotion campaign's impressions and clicks in the
// range.
type CampaignStats struct {
	ID       int64           `json:"id"`
	Days     int             `json:"days"`
	Status   PromotionStatus `json:"status"`
	StartsAt time.Time       `json:"startsAt"`
	EndsAt   time.Time       `json:"endsAt"`
	Views    int64           `json:"views"`
	Visitors int64           `json:"visitors"`
	Clicks   int64           `json:"clicks"`
}

// ScreeningStats are a screening's ticket sales and check-ins.
type ScreeningStats struct {
	ScreeningID int64     `json:"screeningId"`
	Title       string    `json:"title"`
	StartsAt    time.Time `json:"startsAt"`
	Capacity    int64     `json:"capacity"`
	Sold        int64     `json:"sold"`
	CheckedIn   int64     `json:"checkedIn"`
	IncomeCents int64     `json:"incomeCents"`
	// Currency is the screening's (its festival's ticket currency),
	// IncomeCents's minor units.
	Currency string `json:"currency"`
}

// Analytics are a festival's numbers over a range, for its organiser.
type Analytics struct {
	Range AnalyticsRange `json:"range"`
	// From and To are the first and last day shown ("" From: all).
	From string `json:"from"`
	To   string `json:"to"`
	// TimeZone names the zone the days are in.
	TimeZone         string           `json:"timeZone"`
	TotalSubmissions int64            `json:"totalSubmissions"`
	Submissions      []DayCount       `json:"submissions"`
	Deadlines        []DeadlineMarker `json:"deadlines"`
	ByCategory       []NamedCount     `json:"byCategory"`
	ByCountry        []NamedCount     `json:"byCountry"`
	ByStatus         []NamedCount     `json:"byStatus"`
	FeeIncome        []TierIncome     `json:"feeIncome"`
	TotalViews       int64            `json:"totalViews"`
	TotalVisitors    int64            `json:"totalVisitors"`
	PageViews        []PageViewDay    `json:"pageViews"`
	Sources          []NamedCount     `json:"sources"`
	Campaigns        []CampaignStats  `json:"campaigns"`
	// Tickets are sales and check-ins per screening; nil when the
	// installation sells no tickets.
	Tickets []ScreeningStats `json:"tickets"`
}

// AnalyticsTables names the tables of Analytics that download as CSV.
var AnalyticsTables = []string{"submissions", "categories", "countries", "statuses", "fees", "views", "sources", "campaigns", "tickets"}

// Table returns the CSV rows (a header first) of the table named name,
// or ENotFound.
func (a *Analytics) Table(name string) ([][]string, error) {
	i64 := func(n int64) string { return strconv.FormatInt(n, 10) }
	named := func(head string, xs []NamedCount) [][]string {
		rows := [][]string{{head, "label", "count"}}
		for _, x := range xs {
			rows = append(rows, []string{x.Key, x.Label, i64(x.Count)})
		}
		return rows
	}
	switch name {
	case "submissions":
		rows := [][]string{{"day", "submissions", "cumulative"}}
		for _, d := range a.Submissions {
			rows = append(rows, []string{d.Day, i64(d.Count), i64(d.Cumulative)})
		}
		return rows, nil
	case "categories":
		return named("category", a.ByCategory), nil
	case "countries":
		return named("country", a.ByCountry), nil
	case "statuses":
		return named("status", a.ByStatus), nil
	case "sources":
		return named("source", a.Sources), nil
	case "fees":
		rows := [][]string{{"tier", "submissions", "credits"}}
		for _, t := range a.FeeIncome {
			rows = append(rows, []string{string(t.Tier), i64(t.Submissions), i64(t.Credits)})
		}
		return rows, nil
	case "views":
		rows := [][]string{{"day", "views", "visitors"}}
		for _, d := range a.PageViews {
			rows = append(rows, []string{d.Day, i64(d.Views), i64(d.Visitors)})
		}
		return rows, nil
	case "campaigns":
		rows := [][]string{{"campaign", "days", "status", "starts_at", "ends_at", "views", "visitors", "clicks"}}
		for _, c := range a.Campaigns {
			rows = append(rows, []string{i64(c.ID), strconv.Itoa(c.Days), string(c.Status), c.StartsAt.UTC().Format(time.RFC3339),
				c.EndsAt.UTC().Format(time.RFC3339), i64(c.Views), i64(c.Visitors), i64(c.Clicks)})
		}
		return rows, nil
	case "tickets":
		rows := [][]string{{"screening", "title", "starts_at", "capacity", "sold", "checked_in", "income_cents", "currency"}}
		for _, t := range a.Tickets {
			rows = append(rows, []string{i64(t.ScreeningID), t.Title, t.StartsAt.UTC().Format(time.RFC3339), i64(t.Capacity),
				i64(t.Sold), i64(t.CheckedIn), i64(t.IncomeCents), t.Currency})
		}
		return rows, nil
	}
	return nil, Errorf(ENotFound, "Table not found")
}

// SiteFigures are the installation's real numbers, shown to admins beside
// the marketing texts: approved festivals, submissions ever entered,
// accounts, and the countries festivals are held in.
type SiteFigures struct {
	Festivals   int64 `json:"festivals"`
	Submissions int64 `json:"submissions"`
	Filmmakers  int64 `json:"filmmakers"`
	Countries   int64 `json:"countries"`
}

// AnalyticsService counts page views and campaign events and answers an
// organiser's analytics.
type AnalyticsService interface {
	// RecordPageView counts a view of an approved festival's page (not a
	// bot's); a festival that is not public is ErrFestivalNotFound.
	RecordPageView(ctx context.Context, v PageView) error
	// RecordCampaignEvents counts impressions or a click of campaigns.
	RecordCampaignEvents(ctx context.Context, e CampaignEvents) error
	// FestivalAnalytics answers a managed festival's analytics.
	FestivalAnalytics(ctx context.Context, slug string, r AnalyticsRange) (*Analytics, error)
	// SiteFigures answers the installation's figures (admins only).
	SiteFigures(ctx context.Context) (*SiteFigures, error)
	// ForgetVisitors deletes the salts and visitor hashes of the days that
	// have ended everywhere; it returns how many hashes went.
	ForgetVisitors(ctx context.Context) (int64, error)
}
