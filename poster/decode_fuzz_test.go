package poster

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/marquee-festival/marquee"
)

// FuzzDecode: any upload is refused with one of the poster errors, or read
// as a JPEG, PNG, WebP or GIF picture whose decoded size is its header's and
// within the pixel limit; an accepted picture is written again as a JPEG or
// PNG that decodes, and nothing after the picture's own bytes (an HTML page
// behind PNG magic bytes) survives.
func FuzzDecode(f *testing.F) {
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	img.Set(1, 1, color.RGBA{200, 10, 10, 255})
	var p, j bytes.Buffer
	if err := png.Encode(&p, img); err != nil {
		f.Fatal(err)
	}
	if err := jpeg.Encode(&j, img, nil); err != nil {
		f.Fatal(err)
	}
	f.Add(p.Bytes())
	f.Add(j.Bytes())
	f.Add(append(p.Bytes(), []byte("<html><script>alert(1)</script></html>")...))
	f.Add([]byte("RIFF\x1a\x00\x00\x00WEBPVP8 \x0e\x00\x00\x00"))
	f.Add([]byte("\x89PNG\r\n\x1a\n<html><script>alert(1)</script></html>"))
	f.Add([]byte("GIF89a\x01\x00\x01\x00"))
	f.Add([]byte("<svg xmlns='http://www.w3.org/2000/svg'/>"))
	f.Add([]byte("\xff\xd80\xff\xc0"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := ReadHeader(bytes.NewReader(data))
		if err != nil {
			switch code := marquee.ErrorCode(err); code {
			case marquee.EInvalid, marquee.ETooLarge, marquee.EUnsupportedMedia:
			default:
				t.Fatalf("ReadHeader of %d bytes: %v (code %q)", len(data), err, code)
			}
			return
		}
		if !formats[h.Format] || h.Width <= 0 || h.Height <= 0 || h.Orientation < 1 || h.Orientation > 8 || h.Memory <= 0 {
			t.Fatalf("header %+v", h)
		}
		if int64(h.Width)*int64(h.Height) > 1<<20 {
			return // a large picture: decoding it here would only slow the fuzzer (its bound is the Encoder's)
		}
		pic, dh, err := Decode(bytes.NewReader(data))
		if err != nil {
			if code := marquee.ErrorCode(err); code != marquee.EInvalid && code != marquee.EUnsupportedMedia {
				t.Fatalf("Decode: %v (code %q)", err, code)
			}
			return
		}
		if dh != h || pic.Bounds().Dx() != h.Width || pic.Bounds().Dy() != h.Height {
			t.Fatalf("decoded %v with header %+v, read %+v", pic.Bounds(), dh, h)
		}
		enc, err := EncodeImage(pic, h.Orientation)
		if err != nil {
			t.Fatalf("EncodeImage: %v", err)
		}
		for _, size := range []marquee.EncodedImage{enc.Card, enc.Detail} {
			if bytes.Contains(size.Data, []byte("<html")) {
				t.Fatal("bytes after the picture survived")
			}
			if _, format, err := image.Decode(bytes.NewReader(size.Data)); err != nil || (format != "jpeg" && format != "png") {
				t.Fatalf("written again as %q: %v", format, err)
			}
		}
	})
}
