package marquee

import (
	"context"
	"strings"
	"time"
)

// PackageText is a package's name, description and features in one
// language.
type PackageText struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Features    []string `json:"features"`
}

// PackageEdit is a credit package as an admin edits it: every language's
// texts, whether it is on sale, and its place on the pricing page.
type PackageEdit struct {
	ID string `json:"id"`
	PackageUpdate
	UpdatedAt time.Time `json:"updatedAt"`
}

// PackageUpdate is an admin's change of a package. It applies to new
// purchases only: a purchase keeps the price and credits it was made at.
type PackageUpdate struct {
	PriceCents int64 `json:"priceCents"`
	Credits    int64 `json:"credits"`
	// Active packages are on /pricing and can be bought; hidden ones not.
	Active   bool `json:"active"`
	Position int  `json:"position"`
	// Texts has one entry per language of Languages.
	Texts map[string]PackageText `json:"texts"`
}

// Bounds of a package's figures and texts.
const (
	PackagePriceMaxCents  = 1_000_000 // $10,000
	PackageCreditsMax     = 1_000_000
	PackagePositionMax    = 1000
	PackageNameMax        = 60
	PackageDescriptionMax = 300
	PackageFeaturesMax    = 10
	PackageFeatureMax     = 100
)

// Validate trims the texts (dropping empty features) and checks the
// update: figures within bounds, a name and description in every
// language. Fields are named priceCents, credits, position and
// texts.<lang>.name/description/features.
func (u *PackageUpdate) Validate() error {
	var f FieldErrors
	if u.PriceCents <= 0 || u.PriceCents > PackagePriceMaxCents {
		f.Add("priceCents", "Price must be between $0.01 and $10,000")
	}
	if u.Credits <= 0 || u.Credits > PackageCreditsMax {
		f.Add("credits", "Credits must be between 1 and 1,000,000")
	}
	if u.Position < 0 || u.Position > PackagePositionMax {
		f.Add("position", "Order must be between 0 and 1000")
	}
	texts := make(map[string]PackageText, len(Languages))
	for _, lang := range Languages {
		t := u.Texts[lang]
		prefix := "texts." + lang + "."
		t.Name = strings.TrimSpace(t.Name)
		t.Description = strings.TrimSpace(t.Description)
		features := []string{}
		for _, ft := range t.Features {
			if ft = strings.TrimSpace(ft); ft != "" {
				features = append(features, ft)
			}
		}
		t.Features = features
		CheckSingleLine(prefix+"name", t.Name, &f)
		CheckSingleLine(prefix+"description", t.Description, &f)
		switch {
		case t.Name == "":
			f.Add(prefix+"name", "Name is required")
		case Length(t.Name) > PackageNameMax:
			f.Add(prefix+"name", "Name must be at most 60 characters")
		}
		switch {
		case t.Description == "":
			f.Add(prefix+"description", "Description is required")
		case Length(t.Description) > PackageDescriptionMax:
			f.Add(prefix+"description", "Description must be at most 300 characters")
		}
		if len(features) > PackageFeaturesMax {
			f.Add(prefix+"features", "At most 10 features")
		}
		for _, ft := range features {
			CheckSingleLine(prefix+"features", ft, &f)
			if Length(ft) > PackageFeatureMax && !f.Has(prefix+"features") {
				f.Add(prefix+"features", "Each feature must be at most 100 characters")
			}
		}
		texts[lang] = t
	}
	u.Texts = texts
	return f.Err()
}

// PackageAdminService is the admins' editing of credit packages.
type PackageAdminService interface {
	// AdminPackages returns every package, hidden ones too, in display
	// order, with every language's texts (admin only).
	AdminPackages(ctx context.Context) ([]*PackageEdit, error)
	// UpdatePackage changes package id and writes its audit entry
	// (package.update, before and after) in the same transaction (admin
	// only). /pricing and checkout read the change at once.
	UpdatePackage(ctx context.Context, id string, u PackageUpdate) (*PackageEdit, error)
}
