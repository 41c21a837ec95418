package store_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestImportFestivals(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "seed@example.com")
		fs := genFestivals(700)
		// Same names in one batch and across batches.
		for k := 100; k < 105; k++ {
			fs[k].Name = fs[k-100].Name
		}
		fs[400].Name = fs[10].Name
		if err := db.Festivals.Import(ctx, u.ID, fs); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.Users.FindUser(ctx, u.ID); got.Role != marquee.RoleOrganiser {
			t.Fatalf("importer role %q", got.Role)
		}
		slugs := map[string]bool{}
		dup := 0
		for i, f := range fs {
			if f.ID == 0 || f.Slug == "" || slugs[f.Slug] || f.Version != 1 {
				t.Fatalf("festival %d: id %d slug %q version %d", i, f.ID, f.Slug, f.Version)
			}
			slugs[f.Slug] = true
			if strings.HasSuffix(f.Slug, "-2") {
				dup++
			}
		}
		if fs[100].Slug != fs[0].Slug+"-2" || fs[400].Slug != fs[10].Slug+"-2" {
			t.Fatalf("repeated names: %q %q, %q %q", fs[0].Slug, fs[100].Slug, fs[10].Slug, fs[400].Slug)
		}
		if dup < 6 {
			t.Fatal("the generated names never repeat: the slug suffixes go untested")
		}
		// Every 37th festival, read back, equals what was imported.
		for i := 0; i < len(fs); i += 37 {
			want := fs[i]
			got, err := db.Festivals.FestivalByID(ctx, want.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Slug != want.Slug || got.FestivalDetails != want.FestivalDetails || got.Status != want.Status ||
				got.RejectionReason != want.RejectionReason || got.NextDeadline != want.NextDeadline ||
				!reflect.DeepEqual(got.MinFee, want.MinFee) || !reflect.DeepEqual(got.Criteria, nilIfEmpty(want.Criteria)) ||
				len(got.Categories) != len(want.Categories) {
				t.Fatalf("festival %d read back:\n%+v\nimported:\n%+v", i, got, want)
			}
			for k := range got.Categories {
				if !reflect.DeepEqual(got.Categories[k], want.Categories[k]) {
					t.Fatalf("festival %d category %d:\n%+v\n%+v", i, k, got.Categories[k], want.Categories[k])
				}
			}
		}
		// The cached columns (in lists) equal what the categories say.
		admin := adminCtx(t, db)
		p, err := db.Festivals.ListForReview(admin, marquee.FestivalReviewFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 200}})
		if err != nil || p.Total != 700 || len(p.Items) != 200 {
			t.Fatalf("list: %v %v", p, err)
		}
		for _, it := range p.Items {
			full, _ := db.Festivals.FestivalByID(ctx, it.ID)
			if it.NextDeadline != full.NextDeadline || !reflect.DeepEqual(it.MinFee, full.MinFee) {
				t.Fatalf("%s: cached %q/%v, computed %q/%v", it.Slug, it.NextDeadline, it.MinFee, full.NextDeadline, full.MinFee)
			}
		}

		// A batch with an invalid festival fails as a whole.
		bad := genFestivals(3)
		bad[2].Categories = []marquee.Category{{Name: "Late", Deadlines: []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2099-01-01", Fee: 1}}}}
		if err := db.Festivals.Import(ctx, u.ID, bad); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("invalid import: %v", err)
		}
		if n, err := db.Festivals.Count(ctx); err != nil || n != 700 {
			t.Fatalf("a refused import stored festivals: %d %v", n, err)
		}
	})
}

func nilIfEmpty(cs []marquee.Criterion) []marquee.Criterion {
	if cs == nil {
		return []marquee.Criterion{}
	}
	return cs
}
