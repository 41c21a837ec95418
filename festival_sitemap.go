package marquee

import "time"

// FestivalSitemapEntry is one approved festival as the sitemap lists it:
// its page (by slug) and when it last changed.
type FestivalSitemapEntry struct {
	Slug      string
	UpdatedAt time.Time
}

// SitemapMaxURLs is how many addresses one sitemap file may hold (the
// sitemaps protocol's limit); past it the sitemap is an index of files.
const SitemapMaxURLs = 50000
