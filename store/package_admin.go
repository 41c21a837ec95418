package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

var _ marquee.PackageAdminService = (*PackageService)(nil)

// AdminPackages returns every package, hidden ones too, in display order
// with every language's texts (admin only).
func (db *PackageService) AdminPackages(ctx context.Context) ([]*marquee.PackageEdit, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	rows, err := db.reader().query(ctx, `SELECT id FROM packages ORDER BY position, id`)
	if err != nil {
		return nil, fmt.Errorf("store: list packages: %w", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: list packages: %w", err)
		}
		ids = append(ids, id)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("store: list packages: %w", err)
	}
	out := []*marquee.PackageEdit{}
	for _, id := range ids {
		p, err := loadPackageEdit(ctx, db.reader(), id)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// UpdatePackage changes package id (admin only): its figures and every
// language's texts, with the audit entry (before and after) in the same
// transaction. Purchases copied their price and credits when made, so only
// new purchases see the change; /pricing and checkout read the table on
// every request (no cache to invalidate).
func (db *PackageService) UpdatePackage(ctx context.Context, id string, u marquee.PackageUpdate) (*marquee.PackageEdit, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	if err := u.Validate(); err != nil {
		return nil, err
	}
	var after *marquee.PackageEdit
	err := db.inTx(ctx, func(c conn) error {
		now := db.now()
		before, err := loadPackageEdit(ctx, c, id)
		if err != nil {
			return err
		}
		active := 0
		if u.Active {
			active = 1
		}
		if _, err := c.exec(ctx, `UPDATE packages SET price_cents = ?, credits = ?, active = ?, position = ?, updated_at = ? WHERE id = ?`,
			u.PriceCents, u.Credits, active, u.Position, now, id); err != nil {
			return fmt.Errorf("store: update package %s: %w", id, err)
		}
		for _, lang := range marquee.Languages {
			t := u.Texts[lang]
			features, err := json.Marshal(t.Features)
			if err != nil {
				return fmt.Errorf("store: update package %s: %w", id, err)
			}
			if _, err := c.exec(ctx, `INSERT INTO package_texts (package_id, lang, name, description, features) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (package_id, lang) DO UPDATE SET name = excluded.name, description = excluded.description, features = excluded.features`,
				id, lang, t.Name, t.Description, string(features)); err != nil {
				return fmt.Errorf("store: update package %s texts in %s: %w", id, lang, err)
			}
		}
		if after, err = loadPackageEdit(ctx, c, id); err != nil {
			return err
		}
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditPackageUpdate, TargetType: "package", TargetID: id,
			Before: auditJSON(packageAuditFacts(before)), After: auditJSON(packageAuditFacts(after))})
	})
	if err != nil {
		return nil, err
	}
	return after, nil
}

// packageAuditFacts is what a package's audit entry records: everything
// but the time of the change.
func packageAuditFacts(p *marquee.PackageEdit) marquee.PackageUpdate { return p.PackageUpdate }

// loadPackageEdit reads package id with every language's texts through c;
// ENotFound when there is none.
func loadPackageEdit(ctx context.Context, c conn, id string) (*marquee.PackageEdit, error) {
	p := &marquee.PackageEdit{ID: id}
	var active int
	err := c.queryRow(ctx, `SELECT price_cents, credits, active, position, updated_at FROM packages WHERE id = ?`, id).
		Scan(&p.PriceCents, &p.Credits, &active, &p.Position, &p.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "Package not found")
	} else if err != nil {
		return nil, fmt.Errorf("store: find package %s: %w", id, err)
	}
	p.Active, p.UpdatedAt = active != 0, p.UpdatedAt.UTC()
	p.Texts = map[string]marquee.PackageText{}
	rows, err := c.query(ctx, `SELECT lang, name, description, features FROM package_texts WHERE package_id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("store: texts of package %s: %w", id, err)
	}
	for rows.Next() {
		var lang, features string
		var t marquee.PackageText
		if err := rows.Scan(&lang, &t.Name, &t.Description, &features); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: texts of package %s: %w", id, err)
		}
		if err := json.Unmarshal([]byte(features), &t.Features); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: package %s features: %w", id, err)
		}
		if t.Features == nil {
			t.Features = []string{}
		}
		p.Texts[lang] = t
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("store: texts of package %s: %w", id, err)
	}
	return p, nil
}
