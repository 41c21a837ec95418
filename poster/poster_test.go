package poster_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/poster"
	"github.com/marquee-festival/marquee/poster/postertest"
)

func encode(t *testing.T, data []byte) (*marquee.EncodedPoster, error) {
	t.Helper()
	return poster.New(poster.Config{}).Encode(t.Context(), bytes.NewReader(data))
}

// pngWithSize returns a real PNG whose header is changed to claim w × h
// (its checksum fixed), as a decompression bomb's would.
func pngWithSize(t *testing.T, w, h uint32) []byte {
	t.Helper()
	return resizedPNG(t, postertest.PNG(t, image.NewGray(image.Rect(0, 0, 2, 2))), w, h)
}

// resizedPNG returns the PNG data with its header changed to claim w × h.
func resizedPNG(t *testing.T, data []byte, w, h uint32) []byte {
	t.Helper()
	data = bytes.Clone(data)
	binary.BigEndian.PutUint32(data[16:], w)
	binary.BigEndian.PutUint32(data[20:], h)
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	return data
}

func TestDecodeRefuses(t *testing.T) {
	valid := postertest.PNG(t, postertest.Halves(20, 30))
	for _, tc := range []struct {
		name string
		data []byte
		code string
		msg  string
	}{
		{"PNG signature then HTML", postertest.PNGWithHTML, marquee.EUnsupportedMedia, "could not be read as an image"},
		{"JPEG start then HTML", []byte("\xff\xd8\xff\xe0<html><script>alert(1)</script></html>"), marquee.EUnsupportedMedia, "could not be read as an image"},
		{"PNG cut short", valid[:len(valid)/2], marquee.EUnsupportedMedia, "could not be read as an image"},
		{"text", []byte("hello, this is not an image"), marquee.EUnsupportedMedia, "must be a JPEG, PNG, WebP or GIF image"},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), marquee.EUnsupportedMedia, "must be a JPEG, PNG, WebP or GIF image"},
		{"bmp", append([]byte("BM"), make([]byte, 60)...), marquee.EUnsupportedMedia, "must be a JPEG, PNG, WebP or GIF image"},
		{"empty", nil, marquee.EInvalid, "The poster is empty"},
		{"over 5 MB", append(bytes.Clone(valid), make([]byte, marquee.PosterMaxBytes)...), marquee.ETooLarge, "at most 5 MB"},
		{"a side over the limit", pngWithSize(t, marquee.PosterMaxSide+1, 10), marquee.ETooLarge, "megapixels"},
		{"too many pixels", pngWithSize(t, 6000, 6000), marquee.ETooLarge, "megapixels"},
		{"a bomb's header", pngWithSize(t, 100_000, 100_000), marquee.ETooLarge, "megapixels"},
	} {
		enc, err := encode(t, tc.data)
		if enc != nil || marquee.ErrorCode(err) != tc.code || !strings.Contains(marquee.ErrorMessage(err), tc.msg) {
			t.Errorf("%s: %v %v", tc.name, enc, err)
		}
		if _, _, err := poster.Decode(bytes.NewReader(tc.data)); marquee.ErrorCode(err) != tc.code {
			t.Errorf("%s: Decode: %v", tc.name, err)
		}
	}
	// Exactly at the pixel limit the header passes (and is not decoded here).
	h, err := poster.ReadHeader(bytes.NewReader(pngWithSize(t, 5000, 5000)))
	if err != nil || h.Width != 5000 || h.Format != "png" || h.Memory < 5000*5000 {
		t.Fatalf("header at the limit: %+v %v", h, err)
	}
}

// decodeOutput decodes an encoded size and checks its size and format.
func decodeOutput(t *testing.T, data []byte, ext string, size marquee.PosterSize) image.Image {
	t.Helper()
	img, format, err := image.Decode(bytes.NewReader(data))
	want := map[string]string{"jpg": "jpeg", "png": "png"}[ext]
	if err != nil || format != want || img.Bounds().Dx() != size.Width || img.Bounds().Dy() != size.Height {
		t.Fatalf("output: %v %q %v, want %s %v", err, format, img.Bounds(), want, size)
	}
	return img
}

func TestEncodeStripsEXIFAndGPS(t *testing.T) {
	upload := postertest.JPEGWithEXIF(t, postertest.Halves(60, 90), 1)
	if !bytes.Contains(upload, []byte(postertest.Marker)) || !bytes.Contains(upload, []byte("Exif\x00\x00")) {
		t.Fatal("the test image carries no EXIF")
	}
	enc, err := encode(t, upload)
	if err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string][]byte{"card": enc.Card.Data, "detail": enc.Detail.Data} {
		if bytes.Contains(out, []byte(postertest.Marker)) || bytes.Contains(out, []byte("Exif")) {
			t.Errorf("%s keeps the EXIF", name)
		}
		for _, code := range postertest.Segments(t, out) {
			if code >= 0xe0 && code <= 0xef || code == 0xfe {
				t.Errorf("%s has an APP%d or comment segment (%#x)", name, code-0xe0, code)
			}
		}
	}
	decodeOutput(t, enc.Detail.Data, enc.Ext, marquee.PosterSize{Width: 60, Height: 90})
}

func TestEncodeTurnsUprightByEXIF(t *testing.T) {
	// Stored 60 × 40, left half red, right half blue.
	stored := postertest.Halves(60, 40)
	near := func(c color.Color, want color.RGBA) bool {
		r, g, b, _ := c.RGBA()
		d := func(a uint32, b uint8) bool { return int(a>>8)-int(b) < 40 && int(b)-int(a>>8) < 40 }
		return d(r, want.R) && d(g, want.G) && d(b, want.B)
	}
	for _, tc := range []struct {
		orientation int
		size        marquee.PosterSize
		// Where red is once upright: the pixel at (x, y) of the detail.
		redX, redY, blueX, blueY int
	}{
		{1, marquee.PosterSize{Width: 60, Height: 40}, 5, 20, 55, 20},
		{2, marquee.PosterSize{Width: 60, Height: 40}, 55, 20, 5, 20},
		{3, marquee.PosterSize{Width: 60, Height: 40}, 55, 20, 5, 20},
		{6, marquee.PosterSize{Width: 40, Height: 60}, 20, 5, 20, 55}, // a quarter clockwise: left goes up
		{8, marquee.PosterSize{Width: 40, Height: 60}, 20, 55, 20, 5}, // a quarter anticlockwise: left goes down
		{5, marquee.PosterSize{Width: 40, Height: 60}, 20, 5, 20, 55}, // transposed: left goes up
		{7, marquee.PosterSize{Width: 40, Height: 60}, 20, 55, 20, 5}, // transversed: left goes down
		{9, marquee.PosterSize{Width: 60, Height: 40}, 5, 20, 55, 20}, // out of range: as stored
	} {
		enc, err := encode(t, postertest.JPEGWithEXIF(t, stored, tc.orientation))
		if err != nil {
			t.Fatal(err)
		}
		img := decodeOutput(t, enc.Detail.Data, enc.Ext, tc.size)
		if !near(img.At(tc.redX, tc.redY), postertest.Red) || !near(img.At(tc.blueX, tc.blueY), postertest.Blue) {
			t.Errorf("orientation %d: red at (%d,%d) is %v, blue at (%d,%d) is %v", tc.orientation,
				tc.redX, tc.redY, img.At(tc.redX, tc.redY), tc.blueX, tc.blueY, img.At(tc.blueX, tc.blueY))
		}
	}
}

func TestEncodeBothSizes(t *testing.T) {
	for _, tc := range []struct {
		name         string
		data         []byte
		ext          string
		card, detail marquee.PosterSize
	}{
		{"a large JPEG", postertest.JPEG(t, postertest.Halves(1500, 2250)), "jpg", marquee.PosterSize{Width: 400, Height: 600}, marquee.PosterSize{Width: 1200, Height: 1800}},
		{"a landscape PNG", postertest.PNG(t, postertest.Halves(3000, 1000)), "jpg", marquee.PosterSize{Width: 400, Height: 133}, marquee.PosterSize{Width: 1200, Height: 400}},
		{"a small PNG, never enlarged", postertest.PNG(t, postertest.Halves(300, 450)), "jpg", marquee.PosterSize{Width: 300, Height: 450}, marquee.PosterSize{Width: 300, Height: 450}},
		{"between the boxes", postertest.PNG(t, postertest.Halves(800, 1200)), "jpg", marquee.PosterSize{Width: 400, Height: 600}, marquee.PosterSize{Width: 800, Height: 1200}},
		{"a transparent PNG stays PNG", postertest.PNG(t, image.NewNRGBA(image.Rect(0, 0, 900, 1350))), "png", marquee.PosterSize{Width: 400, Height: 600}, marquee.PosterSize{Width: 900, Height: 1350}},
		{"a lossy WebP", postertest.WebP, "jpg", marquee.PosterSize{Width: 1, Height: 1}, marquee.PosterSize{Width: 1, Height: 1}},
		{"a transparent WebP", postertest.WebPAlpha, "png", marquee.PosterSize{Width: 1, Height: 1}, marquee.PosterSize{Width: 1, Height: 1}},
		{"a GIF", gifOf(t, 500, 750), "jpg", marquee.PosterSize{Width: 400, Height: 600}, marquee.PosterSize{Width: 500, Height: 750}},
		{"a grey JPEG", postertest.JPEG(t, image.NewGray(image.Rect(0, 0, 1300, 1300))), "jpg", marquee.PosterSize{Width: 400, Height: 400}, marquee.PosterSize{Width: 1200, Height: 1200}},
	} {
		enc, err := encode(t, tc.data)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if enc.Ext != tc.ext || enc.Card.PosterSize != tc.card || enc.Detail.PosterSize != tc.detail {
			t.Fatalf("%s: %s card %v detail %v", tc.name, enc.Ext, enc.Card.PosterSize, enc.Detail.PosterSize)
		}
		decodeOutput(t, enc.Card.Data, enc.Ext, tc.card)
		decodeOutput(t, enc.Detail.Data, enc.Ext, tc.detail)
	}
}

func gifOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{postertest.Red, postertest.Blue})
	var b bytes.Buffer
	if err := gif.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A picture with data after its end (a PNG followed by a web page) is
// taken for its picture alone: nothing after it is written again.
func TestEncodeDropsTrailingBytes(t *testing.T) {
	data := append(postertest.PNG(t, postertest.Halves(20, 30)), []byte("<html><script>alert(1)</script></html>")...)
	enc, err := encode(t, data)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(enc.Detail.Data, []byte("<script")) || bytes.Contains(enc.Card.Data, []byte("<script")) {
		t.Fatal("the trailing page survived")
	}
	if _, err := jpeg.Decode(bytes.NewReader(enc.Detail.Data)); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(enc.Detail.Data)); err == nil {
		t.Fatal("an opaque picture is written as JPEG")
	}
}
