package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/marquee-festival/marquee/search"
)

// slugMaxRunes caps a festival slug's length.
const slugMaxRunes = 80

// makeSlug turns a festival name into its URL slug: lower case, Latin
// letters without diacritics, other scripts kept as they are (東京国際映画祭
// stays 東京国際映画祭), every run of other characters a single "-", at most
// 80 characters; "festival" when nothing is left.
func makeSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range search.Fold(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) && b.Len() > 0 {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	s := strings.TrimRight(search.TruncateRunes(b.String(), slugMaxRunes), "-")
	if s == "" {
		return "festival"
	}
	return s
}

// uniqueSlug returns the slug for name that no festival has yet (nor any
// in used): the plain slug, else with "-2", "-3"... appended (the name cut
// to keep 80 characters).
func uniqueSlug(ctx context.Context, c conn, name string, used map[string]bool) (string, error) {
	base := makeSlug(name)
	// Every candidate is base or starts with stem (suffixes are short), so
	// one range query finds all the slugs that could collide.
	stem := search.TruncateRunes(base, slugMaxRunes-20)
	if stem == base {
		stem = base + "-"
	}
	q := `SELECT slug FROM festivals WHERE slug = ? OR slug >= ?`
	args := []any{base, stem}
	if upper := search.PrefixUpper(stem); upper != "" {
		q = `SELECT slug FROM festivals WHERE slug = ? OR (slug >= ? AND slug < ?)`
		args = append(args, upper)
	}
	rows, err := c.query(ctx, q, args...)
	if err != nil {
		return "", fmt.Errorf("store: festival slugs like %q: %w", stem, err)
	}
	taken := map[string]bool{}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return "", fmt.Errorf("store: festival slugs like %q: %w", stem, err)
		}
		taken[s] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("store: festival slugs like %q: %w", stem, err)
	}
	for n := 1; ; n++ {
		cand := base
		if n > 1 {
			suffix := "-" + strconv.Itoa(n)
			cand = strings.TrimRight(search.TruncateRunes(base, slugMaxRunes-len(suffix)), "-") + suffix
		}
		if !taken[cand] && !used[cand] {
			return cand, nil
		}
	}
}
