// Package postertest makes images for tests of poster uploads: JPEGs that
// carry EXIF with a camera's name and a GPS position, pictures with a
// known colour in each half, and a WebP (Go writes none).
package postertest

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"math/rand/v2"
	"sync"
	"testing"
)

// Marker is the text the EXIF of JPEGWithEXIF holds (as the camera's make
// and in its GPS area name): a poster written again must not contain it.
const Marker = "MARQUEE-SECRET-CAMERA"

// Red and Blue are the colours of Halves.
var (
	Red  = color.RGBA{R: 220, G: 20, B: 20, A: 255}
	Blue = color.RGBA{R: 20, G: 20, B: 220, A: 255}
)

// Halves returns a w × h picture whose left half is Red and right half
// Blue, so that a test can tell how it was turned.
func Halves(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := Red
			if x >= w/2 {
				c = Blue
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// Noise returns a w × h picture of random opaque colours (the same every
// time): it hardly compresses, so its PNG is about 3 bytes a pixel.
func Noise(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < len(img.Pix); i += 4 {
		v := rng.Uint32()
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(v), uint8(v>>8), uint8(v>>16), 255
	}
	return img
}

// JPEG encodes img as a JPEG (no metadata: Go writes none).
func JPEG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// PNG encodes img as a PNG.
func PNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// JPEGWithEXIF returns a JPEG of img with an APP1 EXIF segment right
// after its start: orientation (1 to 8), the camera's make (Marker) and a
// GPS position (35°39'N 139°44'E, its area name Marker).
func JPEGWithEXIF(t testing.TB, img image.Image, orientation int) []byte {
	t.Helper()
	plain := JPEG(t, img)
	payload := append([]byte("Exif\x00\x00"), exifTIFF(uint16(orientation))...)
	seg := []byte{0xff, 0xe1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	seg = append(seg, payload...)
	out := append([]byte{}, plain[:2]...) // SOI
	out = append(out, seg...)
	return append(out, plain[2:]...)
}

// exifTIFF builds a little-endian TIFF structure: IFD0 with Make,
// Orientation and a pointer to a GPS IFD with latitude, longitude and
// area information.
func exifTIFF(orientation uint16) []byte {
	le := binary.LittleEndian
	var b []byte
	u16 := func(v uint16) { b = le.AppendUint16(b, v) }
	u32 := func(v uint32) { b = le.AppendUint32(b, v) }
	entry := func(tag, typ uint16, count, value uint32) { u16(tag); u16(typ); u32(count); u32(value) }

	camera := Marker + "\x00"
	area := "ASCII\x00\x00\x00" + Marker
	// Layout: header (8), IFD0 (2 + 3×12 + 4 = 42), make, GPS IFD
	// (2 + 5×12 + 4 = 66), latitude and longitude (3 rationals each),
	// area name.
	const ifd0 = 8
	makeAt := uint32(ifd0 + 42)
	gpsAt := makeAt + uint32(len(camera))
	latAt := gpsAt + 66
	lonAt := latAt + 24
	areaAt := lonAt + 24

	b = append(b, 'I', 'I')
	u16(42)
	u32(ifd0)
	u16(3)
	entry(0x010f, 2, uint32(len(camera)), makeAt) // Make
	entry(0x0112, 3, 1, uint32(orientation))      // Orientation (SHORT, in the value's first 2 bytes)
	entry(0x8825, 4, 1, gpsAt)                    // GPS IFD pointer
	u32(0)
	b = append(b, camera...)
	u16(5)
	entry(0x0001, 2, 2, uint32('N')) // GPSLatitudeRef
	entry(0x0002, 5, 3, latAt)       // GPSLatitude
	entry(0x0003, 2, 2, uint32('E')) // GPSLongitudeRef
	entry(0x0004, 5, 3, lonAt)       // GPSLongitude
	entry(0x001c, 7, uint32(len(area)), areaAt)
	u32(0)
	for _, v := range []uint32{35, 1, 39, 1, 0, 1, 139, 1, 44, 1, 0, 1} {
		u32(v)
	}
	return append(b, area...)
}

// WebP is a 1 × 1 lossy WebP (grey); WebPAlpha a 1 × 1 lossless one,
// fully transparent. Both decode with golang.org/x/image/webp.
var (
	WebP      = mustBase64("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA")
	WebPAlpha = mustBase64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
)

func mustBase64(s string) []byte {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// PNGWithHTML is a PNG's signature followed by a web page: what a
// check of magic bytes alone took for a PNG.
var PNGWithHTML = []byte("\x89PNG\r\n\x1a\n<html><body><script>alert(document.cookie)</script></body></html>")

// Segments returns the marker codes of a JPEG's segments before its
// first scan (0xe1 for APP1: EXIF), to check what a written JPEG holds.
func Segments(t testing.TB, data []byte) []byte {
	t.Helper()
	if len(data) < 2 || data[0] != 0xff || data[1] != 0xd8 {
		t.Fatalf("not a JPEG: % x", data[:min(len(data), 4)])
	}
	var codes []byte
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xff {
			t.Fatalf("no marker at %d", i)
		}
		code := data[i+1]
		codes = append(codes, code)
		if code == 0xda {
			return codes
		}
		i += 2 + int(binary.BigEndian.Uint16(data[i+2:]))
	}
	return codes
}

// Gated is an upload whose bytes from an offset on are held back until
// Open: a decode that reaches them waits there, holding its room in the
// poster encoder's budget, so that a test can fill the budget. An
// encoder reads only a header (a few KB) before it takes room, and the
// whole file after: make the gate well past the header.
type Gated struct {
	data    []byte
	gate    int64
	pos     int64
	open    chan struct{}
	blocked chan struct{}
	once    sync.Once
	opened  sync.Once
}

// NewGated returns data gated from offset gate on.
func NewGated(data []byte, gate int64) *Gated {
	return &Gated{data: data, gate: gate, open: make(chan struct{}), blocked: make(chan struct{})}
}

// Blocked is closed once a read has reached the gate and waits.
func (g *Gated) Blocked() <-chan struct{} { return g.blocked }

// Open lets the held reads go on.
func (g *Gated) Open() { g.opened.Do(func() { close(g.open) }) }

// Read reads as bytes.Reader does, waiting at the gate until Open.
func (g *Gated) Read(p []byte) (int, error) {
	if g.pos >= int64(len(g.data)) {
		return 0, io.EOF
	}
	if g.pos+int64(len(p)) > g.gate {
		select {
		case <-g.open:
		default:
			g.once.Do(func() { close(g.blocked) })
			<-g.open
		}
	}
	n := copy(p, g.data[g.pos:])
	g.pos += int64(n)
	return n, nil
}

// Seek moves as bytes.Reader's does.
func (g *Gated) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += g.pos
	case io.SeekEnd:
		offset += int64(len(g.data))
	}
	if offset < 0 {
		return 0, io.ErrUnexpectedEOF
	}
	g.pos = offset
	return offset, nil
}
