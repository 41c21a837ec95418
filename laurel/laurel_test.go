package laurel

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

// inked counts the pixels of img's text colour (dark, opaque) in rows
// y0..y1: the texts' pixels, never the gold leaves'.
func inked(img image.Image, y0, y1 int) int {
	n := 0
	for y := y0; y < y1; y++ {
		for x := 0; x < width; x++ {
			r, g, b, a := img.At(x, y).RGBA()
			if a > 0x8000 && r < 0x6000 && g < 0x6000 && b < 0x3000 {
				n++
			}
		}
	}
	return n
}

func decode(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != width || b.Dy() != height {
		t.Fatalf("size %v", b)
	}
	return img
}

func TestPNGDrawsTextsAndLeaves(t *testing.T) {
	r, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	l := marquee.Laurel{Title: "OFFICIAL SELECTION", Festival: "Lisbon Shorts", Year: 2026}
	img := decode(t, pngOf(t, r, l))
	if inked(img, 120, 160) == 0 || inked(img, 175, 210) == 0 || inked(img, 275, 310) == 0 {
		t.Fatal("a text line is missing")
	}
	// The leaves are gold, left and right of the texts.
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Fatal("background not transparent")
	}
	gold := 0
	for y := 0; y < height; y++ {
		for x := 0; x < 120; x++ {
			if r, g, b, a := img.At(x, y).RGBA(); a == 0xffff && r > g && g > b {
				gold++
			}
		}
	}
	if gold < 500 {
		t.Fatalf("left branch has %d gold pixels", gold)
	}
	// Another name draws other pixels.
	other := decode(t, pngOf(t, r, marquee.Laurel{Title: l.Title, Festival: "Oslo Docs", Year: 2026}))
	if inked(other, 175, 210) == inked(img, 175, 210) {
		t.Fatal("the festival's name does not change the picture")
	}
}

// With the CJK fallback font, a Japanese name is drawn in its glyphs:
// without it the same name is the Go font's missing-glyph boxes, which
// cover a different number of pixels.
func TestPNGDrawsCJKWithFallback(t *testing.T) {
	r, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	if !r.HasFallback() {
		t.Skip("no CJK font on this machine (see SystemFonts)")
	}
	l := marquee.Laurel{Title: "OFFICIAL SELECTION", Festival: "東京短編映画祭", Year: 2026}
	with := decode(t, pngOf(t, r, l))
	bare := &Renderer{regular: r.regular, bold: r.bold}
	without := decode(t, pngOf(t, bare, l))
	a, b := inked(with, 175, 210), inked(without, 175, 210)
	if a == 0 || a == b {
		t.Fatalf("CJK line: %d inked pixels with the fallback, %d without", a, b)
	}
	if _, err := New("/nonexistent/font.ttc"); err == nil {
		t.Fatal("a configured font that cannot be read is accepted")
	}
}

func TestSVGEscapesAndKeepsCJK(t *testing.T) {
	r, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	svg := string(r.SVG(marquee.Laurel{Title: "BEST <SHORT> & CO", Festival: "東京短編映画祭 \"Tokyo\"", Year: 2026}))
	dec := xml.NewDecoder(strings.NewReader(svg))
	var texts []string
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if cd, ok := tok.(xml.CharData); ok && strings.TrimSpace(string(cd)) != "" {
			texts = append(texts, string(cd))
		}
	}
	want := []string{"BEST <SHORT> & CO", "東京短編映画祭 \"Tokyo\"", "2026"}
	if strings.Join(texts, "|") != strings.Join(want, "|") {
		t.Fatalf("texts %q, want %q", texts, want)
	}
	if !strings.Contains(svg, "Noto Sans CJK JP") {
		t.Fatal("no CJK font family named")
	}
}

func pngOf(t *testing.T, r *Renderer, l marquee.Laurel) []byte {
	t.Helper()
	b, err := r.PNG(l)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
