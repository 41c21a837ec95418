// Package laurel draws festival laurels (marquee.Laurel) as SVG and as a
// PNG rendered in Go: the wreath's leaves filled with 4×4 supersampling,
// the texts in the Go fonts (Latin, Greek, Cyrillic) and, for characters
// those lack (CJK), in a fallback font read from a file: a TrueType or
// OpenType font or collection (Noto Sans CJK's .ttc), given by
// MARQUEE_LAUREL_FONT or found at the usual system paths. A character no
// font has is drawn as the Go font's missing-glyph box.
package laurel

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"strconv"

	"github.com/marquee-festival/marquee"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// SystemFonts are where a CJK fallback font is looked for when none is
// configured (Debian's and Alpine's Noto CJK packages, macOS).
var SystemFonts = []string{
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
	"/System/Library/Fonts/Hiragino Sans GB.ttc",
}

// Renderer draws laurels; it implements marquee.LaurelRenderer.
type Renderer struct {
	regular, bold *sfnt.Font
	fallback      *sfnt.Font // nil when no CJK font was found
}

var _ marquee.LaurelRenderer = (*Renderer)(nil)

// New returns a renderer whose fallback font is read from path, or, when
// path is "", from the first of SystemFonts that exists (none: no
// fallback). A path given that cannot be read is an error.
func New(path string) (*Renderer, error) {
	r := &Renderer{}
	var err error
	if r.regular, err = sfnt.Parse(goregular.TTF); err != nil {
		return nil, fmt.Errorf("laurel: go regular: %w", err)
	}
	if r.bold, err = sfnt.Parse(gobold.TTF); err != nil {
		return nil, fmt.Errorf("laurel: go bold: %w", err)
	}
	paths := SystemFonts
	if path != "" {
		paths = []string{path}
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			if path != "" {
				return nil, fmt.Errorf("laurel: fallback font: %w", err)
			}
			continue
		}
		f, err := parseFont(data)
		if err != nil {
			return nil, fmt.Errorf("laurel: fallback font %s: %w", p, err)
		}
		r.fallback = f
		break
	}
	return r, nil
}

// HasFallback reports whether a CJK fallback font was found.
func (r *Renderer) HasFallback() bool { return r.fallback != nil }

// parseFont reads a font or the first font of a collection.
func parseFont(data []byte) (*sfnt.Font, error) {
	if f, err := sfnt.Parse(data); err == nil {
		return f, nil
	}
	c, err := sfnt.ParseCollection(data)
	if err != nil {
		return nil, err
	}
	return c.Font(0)
}

// SVG draws l as SVG (marquee.LaurelSVGText).
func (r *Renderer) SVG(l marquee.Laurel) []byte { return marquee.LaurelSVGText(l) }

// Laurel PNG size and colours.
const (
	width, height = 600, 400
	supersample   = 4
)

var (
	gold = color.RGBA{0xb8, 0x91, 0x2f, 0xff}
	ink  = color.RGBA{0x3a, 0x2e, 0x0f, 0xff}
)

// PNG draws l as a 600×400 PNG on a transparent background.
func (r *Renderer) PNG(l marquee.Laurel) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	fillLeaves(img, marquee.LaurelLeaves(width, height))
	if err := r.text(img, l.Title, 150, 26, true); err != nil {
		return nil, err
	}
	for i, line := range marquee.LaurelLines(l.Festival, 22) {
		if err := r.text(img, line, 200+i*34, 26, false); err != nil {
			return nil, err
		}
	}
	if err := r.text(img, strconv.Itoa(l.Year), 300, 28, true); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("laurel: encode png: %w", err)
	}
	return b.Bytes(), nil
}

// fillLeaves fills each rotated ellipse (cx, cy, rx, ry, degrees) in gold,
// its edge antialiased by supersampling.
func fillLeaves(img *image.RGBA, leaves [][5]float64) {
	cover := make([]uint16, width*height)
	for _, lf := range leaves {
		cx, cy, rx, ry := lf[0], lf[1], lf[2], lf[3]
		a := lf[4] * math.Pi / 180
		cos, sin := math.Cos(a), math.Sin(a)
		ext := int(math.Max(rx, ry)) + 2
		for y := max(0, int(cy)-ext); y < min(height, int(cy)+ext); y++ {
			for x := max(0, int(cx)-ext); x < min(width, int(cx)+ext); x++ {
				n := uint16(0)
				for sy := 0; sy < supersample; sy++ {
					for sx := 0; sx < supersample; sx++ {
						px := float64(x) + (float64(sx)+0.5)/supersample - cx
						py := float64(y) + (float64(sy)+0.5)/supersample - cy
						u := (px*cos + py*sin) / rx
						v := (-px*sin + py*cos) / ry
						if u*u+v*v <= 1 {
							n++
						}
					}
				}
				if n > cover[y*width+x] {
					cover[y*width+x] = n
				}
			}
		}
	}
	for i, n := range cover {
		if n == 0 {
			continue
		}
		alpha := uint32(n) * 0xff / (supersample * supersample)
		img.Pix[i*4+0] = uint8(uint32(gold.R) * alpha / 0xff)
		img.Pix[i*4+1] = uint8(uint32(gold.G) * alpha / 0xff)
		img.Pix[i*4+2] = uint8(uint32(gold.B) * alpha / 0xff)
		img.Pix[i*4+3] = uint8(alpha)
	}
}

// run is a piece of text drawn in one face.
type run struct {
	face font.Face
	text string
}

// text draws s centred at baseline y, each character in the first font
// that has it (the Go font, then the fallback).
func (r *Renderer) text(img *image.RGBA, s string, y int, size float64, bold bool) error {
	primary := r.regular
	if bold {
		primary = r.bold
	}
	opts := &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull}
	pf, err := opentype.NewFace(primary, opts)
	if err != nil {
		return fmt.Errorf("laurel: face: %w", err)
	}
	defer pf.Close()
	var ff font.Face
	if r.fallback != nil {
		if ff, err = opentype.NewFace(r.fallback, opts); err != nil {
			return fmt.Errorf("laurel: fallback face: %w", err)
		}
		defer ff.Close()
	}
	var buf sfnt.Buffer
	var runs []run
	for _, ch := range s {
		face := pf
		if gi, err := primary.GlyphIndex(&buf, ch); (err != nil || gi == 0) && ff != nil {
			if gi, err := r.fallback.GlyphIndex(&buf, ch); err == nil && gi != 0 {
				face = ff
			}
		}
		if len(runs) > 0 && runs[len(runs)-1].face == face {
			runs[len(runs)-1].text += string(ch)
		} else {
			runs = append(runs, run{face: face, text: string(ch)})
		}
	}
	var total fixed.Int26_6
	for _, rn := range runs {
		total += font.MeasureString(rn.face, rn.text)
	}
	d := &font.Drawer{Dst: img, Src: image.NewUniform(ink), Dot: fixed.P(0, y)}
	d.Dot.X = fixed.I(width/2) - total/2
	for _, rn := range runs {
		d.Face = rn.face
		d.DrawString(rn.text)
	}
	return nil
}
