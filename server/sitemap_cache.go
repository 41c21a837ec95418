package server

import (
	"compress/gzip"
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/marquee-festival/marquee"
)

// sitemapTTL is how long a node keeps the sitemap it made: a festival
// approved or changed shows in it at most this late.
const sitemapTTL = 5 * time.Minute

// sitemapBasesMax bounds the site addresses a node keeps sitemaps for
// (one when MARQUEE_PUBLIC_URL is set; else each Host a request names).
const sitemapBasesMax = 4

// sitemapCache keeps, per node and site address, the sitemap's files made
// from one read of the approved festivals (Festivals.Sitemap): at 10,000
// festivals a read every few minutes, never one per request. Requests that
// find it stale wait for the one that makes it again.
type sitemapCache struct {
	mu   sync.Mutex
	sets map[string]*sitemapSet
}

// sitemapSet is one site address's sitemap: "sitemap.xml" (the list of
// festival pages, or past perFile of them an index of files) and, for an
// index, "1.xml", "2.xml", ... (served under /sitemaps/).
type sitemapSet struct {
	made  time.Time
	files map[string]*staticFile
}

// file returns the sitemap file name for the site at base, made again when
// older than sitemapTTL; ok is false for a file the sitemap does not have.
func (c *sitemapCache) file(ctx context.Context, festivals marquee.FestivalService, now time.Time, base string, perFile int, name string) (*staticFile, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	set := c.sets[base]
	if set == nil || now.Sub(set.made) >= sitemapTTL || now.Before(set.made) {
		entries, err := festivals.Sitemap(ctx)
		if err != nil {
			return nil, false, err
		}
		set = &sitemapSet{made: now, files: buildSitemap(entries, base, perFile)}
		if c.sets == nil {
			c.sets = map[string]*sitemapSet{}
		}
		for b := range c.sets {
			if len(c.sets) < sitemapBasesMax {
				break
			}
			delete(c.sets, b)
		}
		c.sets[base] = set
	}
	f, ok := set.files[name]
	return f, ok, nil
}

const (
	xmlHeader    = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"
	sitemapXMLNS = `http://www.sitemaps.org/schemas/sitemap/0.9`
	sitemapType  = "application/xml; charset=utf-8"
)

// buildSitemap writes the sitemap of entries for the site at base: one
// urlset when they fit in perFile addresses, else an index of files of
// perFile each, each listed with its latest lastmod.
func buildSitemap(entries []marquee.FestivalSitemapEntry, base string, perFile int) map[string]*staticFile {
	if perFile <= 0 || perFile > marquee.SitemapMaxURLs {
		perFile = marquee.SitemapMaxURLs
	}
	files := map[string]*staticFile{}
	if len(entries) <= perFile {
		files["sitemap.xml"] = sitemapFile(urlset(entries, base))
		return files
	}
	var index strings.Builder
	index.WriteString(xmlHeader + `<sitemapindex xmlns="` + sitemapXMLNS + `">` + "\n")
	for n := 1; (n-1)*perFile < len(entries); n++ {
		part := entries[(n-1)*perFile : min(n*perFile, len(entries))]
		name := strconv.Itoa(n) + ".xml"
		files[name] = sitemapFile(urlset(part, base))
		var last time.Time
		for _, e := range part {
			if e.UpdatedAt.After(last) {
				last = e.UpdatedAt
			}
		}
		fmt.Fprintf(&index, "  <sitemap><loc>%s</loc><lastmod>%s</lastmod></sitemap>\n",
			xmlText(base+"/sitemaps/"+name), last.UTC().Format(time.RFC3339))
	}
	index.WriteString("</sitemapindex>\n")
	files["sitemap.xml"] = sitemapFile(index.String())
	return files
}

// urlset is the sitemap of entries' festival pages.
func urlset(entries []marquee.FestivalSitemapEntry, base string) string {
	var b strings.Builder
	b.Grow(len(entries) * 120)
	b.WriteString(xmlHeader + `<urlset xmlns="` + sitemapXMLNS + `">` + "\n")
	for _, e := range entries {
		fmt.Fprintf(&b, "  <url><loc>%s</loc><lastmod>%s</lastmod></url>\n",
			xmlText(base+"/festival/"+url.PathEscape(e.Slug)), e.UpdatedAt.UTC().Format(time.RFC3339))
	}
	b.WriteString("</urlset>\n")
	return b.String()
}

func sitemapFile(doc string) *staticFile {
	return newStaticFile([]byte(doc), sitemapType, true, gzip.DefaultCompression)
}

// xmlText escapes s for XML text.
var xmlText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace
