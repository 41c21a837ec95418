package poster

import (
	"image"
	"image/color"
	"testing"
)

func TestBoxReduce(t *testing.T) {
	// 5 × 3 reduced by 2: 3 × 2, the last column and row averaging the
	// pixels they have.
	src := image.NewGray(image.Rect(10, 20, 15, 23)) // not at the origin
	for i := range src.Pix {
		src.Pix[i] = uint8(i * 10) // row-major: 0 10 20 30 40 / 50 ... / 100 ...
	}
	got := boxReduce(src, 2)
	if got.Bounds() != image.Rect(0, 0, 3, 2) {
		t.Fatalf("bounds %v", got.Bounds())
	}
	want := [][]uint8{
		{(0 + 10 + 50 + 60 + 2) / 4, (20 + 30 + 70 + 80 + 2) / 4, (40 + 90 + 1) / 2},
		{(100 + 110 + 1) / 2, (120 + 130 + 1) / 2, 140},
	}
	for y, row := range want {
		for x, v := range row {
			if c := got.RGBAAt(x, y); c != (color.RGBA{v, v, v, 255}) {
				t.Errorf("(%d,%d) = %v, want %d", x, y, c, v)
			}
		}
	}
}

func TestResize(t *testing.T) {
	// A 2400 × 3600 picture, left half red, right half blue, to 1200 ×
	// 1800 (reduced by 2) and to 700 × 1050 (by 3, then bilinear).
	src := image.NewRGBA(image.Rect(0, 0, 2400, 3600))
	red, blue := color.RGBA{200, 0, 0, 255}, color.RGBA{0, 0, 200, 255}
	for y := range 3600 {
		for x := range 2400 {
			c := red
			if x >= 1200 {
				c = blue
			}
			src.SetRGBA(x, y, c)
		}
	}
	for _, size := range [][2]int{{1200, 1800}, {700, 1050}, {2400, 3600}, {2000, 3000}} {
		got := resize(src, size[0], size[1])
		if got.Bounds() != image.Rect(0, 0, size[0], size[1]) {
			t.Fatalf("%v: bounds %v", size, got.Bounds())
		}
		if got.RGBAAt(0, 0) != red || got.RGBAAt(size[0]-1, size[1]-1) != blue || got.RGBAAt(size[0]/4, size[1]/2) != red || !got.Opaque() {
			t.Errorf("%v: %v %v", size, got.RGBAAt(0, 0), got.RGBAAt(size[0]-1, size[1]-1))
		}
	}
	// Transparency is averaged premultiplied: half transparent red stays red.
	half := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 0; i < len(half.Pix); i += 4 {
		half.Pix[i], half.Pix[i+3] = 255, uint8(255*((i/4)%2))
	}
	if got := resize(half, 2, 2).RGBAAt(0, 0); got.R < 126 || got.R > 129 || got.G != 0 || got.B != 0 || got.A < 126 || got.A > 129 {
		t.Fatalf("half transparent red: %v", got)
	}
}
