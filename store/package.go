package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/marquee-festival/marquee"
)

// packageQuery selects active packages with their texts in the requested
// language, falling back to English where that language has none.
const packageQuery = `SELECT p.id, p.price_cents, p.credits,
		COALESCE(t.name, e.name), COALESCE(t.description, e.description), COALESCE(t.features, e.features)
	FROM packages p
	JOIN package_texts e ON e.package_id = p.id AND e.lang = 'en'
	LEFT JOIN package_texts t ON t.package_id = p.id AND t.lang = ?
	WHERE p.active = 1`

// PackageService implements marquee.PackageService.
type PackageService struct{ service }

var _ marquee.PackageService = (*PackageService)(nil)

// List returns the active credit packages in display order, with
// texts in lang (English where lang is unknown or untranslated).
func (db *PackageService) List(ctx context.Context, lang string) ([]*marquee.Package, error) {
	rows, err := db.reader().query(ctx, packageQuery+` ORDER BY p.position, p.id`, packageLanguage(lang))
	if err != nil {
		return nil, fmt.Errorf("store: list packages: %w", err)
	}
	defer rows.Close()
	out := []*marquee.Package{}
	for rows.Next() {
		p, err := scanPackage(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list packages: %w", err)
	}
	return out, nil
}

// Find returns one active package in lang, or ENotFound.
func (db *PackageService) Find(ctx context.Context, id, lang string) (*marquee.Package, error) {
	rows, err := db.reader().query(ctx, packageQuery+` AND p.id = ?`, packageLanguage(lang), id)
	if err != nil {
		return nil, fmt.Errorf("store: find package %s: %w", id, err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: find package %s: %w", id, err)
		}
		return nil, marquee.Errorf(marquee.ENotFound, "Package not found")
	}
	return scanPackage(rows)
}

func scanPackage(rows interface{ Scan(...any) error }) (*marquee.Package, error) {
	var p marquee.Package
	var features string
	if err := rows.Scan(&p.ID, &p.PriceCents, &p.Credits, &p.Name, &p.Description, &features); err != nil {
		return nil, fmt.Errorf("store: scan package: %w", err)
	}
	if err := json.Unmarshal([]byte(features), &p.Features); err != nil {
		return nil, fmt.Errorf("store: package %s features: %w", p.ID, err)
	}
	if p.Features == nil {
		p.Features = []string{}
	}
	return &p, nil
}

func packageLanguage(lang string) string {
	if slices.Contains(marquee.Languages, lang) {
		return lang
	}
	return "en"
}
