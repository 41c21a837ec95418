package marquee

import (
	"slices"
	"testing"
)

func TestPosterFit(t *testing.T) {
	for _, tc := range []struct {
		w, h, maxW, maxH int
		want             PosterSize
	}{
		{300, 450, 400, 600, PosterSize{300, 450}},       // smaller: kept
		{400, 600, 400, 600, PosterSize{400, 600}},       // exactly the box
		{2000, 3000, 400, 600, PosterSize{400, 600}},     // 2:3
		{3000, 2000, 400, 600, PosterSize{400, 267}},     // landscape: width-bound
		{1000, 3000, 400, 600, PosterSize{200, 600}},     // tall: height-bound
		{10000, 1, 1200, 1800, PosterSize{1200, 1}},      // never below 1
		{1, 10000, 1200, 1800, PosterSize{1, 1800}},      // never below 1
		{5000, 5000, 1200, 1800, PosterSize{1200, 1200}}, // square
	} {
		if got := PosterFit(tc.w, tc.h, tc.maxW, tc.maxH); got != tc.want {
			t.Errorf("fit %dx%d in %dx%d: %v, want %v", tc.w, tc.h, tc.maxW, tc.maxH, got, tc.want)
		}
	}
	card, detail := PosterSizes(3600, 5400)
	if card != (PosterSize{400, 600}) || detail != (PosterSize{1200, 1800}) {
		t.Fatalf("sizes of 3600x5400: %v %v", card, detail)
	}
	card, detail = PosterSizes(320, 200)
	if card != (PosterSize{320, 200}) || detail != (PosterSize{320, 200}) {
		t.Fatalf("a small picture is never enlarged: %v %v", card, detail)
	}
}

func TestCheckPosterPixels(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		code string
	}{
		{1, 1, ""},
		{PosterMaxSide, 2500, ""},
		{5000, 5000, ""},
		{PosterMaxSide + 1, 10, ETooLarge},
		{10, PosterMaxSide + 1, ETooLarge},
		{5001, 5000, ETooLarge},
		{0, 10, EUnsupportedMedia},
		{-1, -1, EUnsupportedMedia},
		{1 << 30, 1 << 30, ETooLarge},
	} {
		if err := CheckPosterPixels(tc.w, tc.h); ErrorCode(err) != tc.code {
			t.Errorf("%dx%d: %v", tc.w, tc.h, err)
		}
	}
	msg, args := ErrorTemplate(CheckPosterPixels(20000, 10))
	if msg != "The poster must be at most {side} pixels wide and high and {megapixels} megapixels in all" || args["side"] != "10,000" || args["megapixels"] != "25" {
		t.Fatalf("message %q %v", msg, args)
	}
}

func TestPosterKey(t *testing.T) {
	k := PosterKey{Film: 12, Token: "0123456789abcdef", Ext: "jpg", Card: PosterSize{400, 600}, Detail: PosterSize{1200, 1800}}
	if k.String() != "12-0123456789abcdef-400x600-1200x1800.jpg" || k.Legacy() {
		t.Fatalf("key %q", k.String())
	}
	if got, ok := ParsePosterKey(k.String()); !ok || got != k {
		t.Fatalf("parse %+v %v", got, ok)
	}
	if !slices.Equal(k.Files(), []string{"12-0123456789abcdef-card.jpg", "12-0123456789abcdef-detail.jpg"}) {
		t.Fatalf("files %v", k.Files())
	}
	url, images := PosterFromKey(k.String())
	if url != "/media/posters/12-0123456789abcdef-detail.jpg" || images == nil ||
		*images != (PosterImages{Card: PosterImage{URL: "/media/posters/12-0123456789abcdef-card.jpg", PosterSize: PosterSize{400, 600}},
			Detail: PosterImage{URL: "/media/posters/12-0123456789abcdef-detail.jpg", PosterSize: PosterSize{1200, 1800}}}) {
		t.Fatalf("from key: %q %+v", url, images)
	}
	for name, want := range map[string]string{
		"12-0123456789abcdef-card.jpg":   "12-0123456789abcdef-card.jpg",
		"12-0123456789abcdef-detail.jpg": "12-0123456789abcdef-detail.jpg",
		// Its legacy address, before `marquee posters reencode`: the detail.
		"12-0123456789abcdef.png":                   "12-0123456789abcdef-detail.jpg",
		"12-0123456789abcdef.webp":                  "12-0123456789abcdef-detail.jpg",
		"12-0123456789abcdef-400x600-1200x1800.jpg": "",
		"12-0123456789abcdee-card.jpg":              "",
		"13-0123456789abcdef-card.jpg":              "",
		"12-0123456789abcdef-card.png":              "",
		"12-0123456789abcdee.png":                   "",
	} {
		file, ct, ok := k.Serves(name)
		if (want == "") == ok || file != want || (ok && ct != "image/jpeg") {
			t.Errorf("serves %q: %q %q %v", name, file, ct, ok)
		}
	}

	legacy, ok := ParsePosterKey("7-00000000000000ff.webp")
	if !ok || !legacy.Legacy() || legacy.Images() != nil || legacy.URL() != "/media/posters/7-00000000000000ff.webp" ||
		!slices.Equal(legacy.Files(), []string{"7-00000000000000ff.webp"}) {
		t.Fatalf("legacy %+v", legacy)
	}
	if file, ct, ok := legacy.Serves("7-00000000000000ff.webp"); !ok || file != "7-00000000000000ff.webp" || ct != "image/webp" {
		t.Fatalf("legacy serves %q %q %v", file, ct, ok)
	}
	if _, _, ok := legacy.Serves("7-00000000000000ff-detail.webp"); ok {
		t.Fatal("a legacy poster has no detail file")
	}

	for _, bad := range []string{"", "x.png", "7-abc.png", "7-0123456789ABCDEF.png", "07-0123456789abcdef.png", "0-0123456789abcdef.png",
		"-1-0123456789abcdef.png", "7-0123456789abcdef.gif", "7-0123456789abcdef", "7-0123456789abcdef-1x1.jpg",
		"7-0123456789abcdef-0x1-1x1.jpg", "7-0123456789abcdef-1x1-10001x1.jpg", "7-0123456789abcdef-01x1-1x1.jpg",
		"7-0123456789abcdef-1x1-1x1.webp", "7-0123456789abcdef-1x1-1x1-1x1.jpg", "7-0123456789abcdef-card.jpg", "../7-0123456789abcdef.png"} {
		if k, ok := ParsePosterKey(bad); ok {
			t.Errorf("parsed %q: %+v", bad, k)
		}
	}
	// What a film shows and what a deletion removes, for any stored key.
	if url, images := PosterFromKey(""); url != "" || images != nil || PosterFiles("") != nil {
		t.Fatal("no poster")
	}
	if url, images := PosterFromKey("odd"); url != "/media/posters/odd" || images != nil || !slices.Equal(PosterFiles("odd"), []string{"odd"}) {
		t.Fatal("an unreadable key keeps its address")
	}
	if !slices.Equal(PosterFiles(k.String()), k.Files()) || PosterFilm("12-0123456789abcdef-card.jpg") != 12 || PosterFilm("x-1") != 0 || PosterFilm("12") != 0 {
		t.Fatal("files and film of a name")
	}
}
