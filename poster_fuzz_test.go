package marquee_test

// The poster check's fuzz target, in a file of its own: poster decoding is
// being rewritten (decode and re-encode every upload), and this target
// follows whatever marquee.SniffPoster becomes.

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/marquee-festival/marquee"
)

// FuzzSniffPoster: a poster is accepted exactly when it is 1 byte to
// 5 MB and starts as a JPEG, PNG or WebP file does, under a content type
// with a stored extension that maps back to it; a refusal is one of the
// three poster errors. (Judged by magic bytes alone today: once posters
// are decoded, "accepted" becomes "decodes as an image of its type".)
func FuzzSniffPoster(f *testing.F) {
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
	f.Add([]byte("RIFF\x1a\x00\x00\x00WEBPVP8 \x0e\x00\x00\x00"))
	f.Add([]byte("\x89PNG\r\n\x1a\n<html><script>alert(1)</script></html>"))
	f.Add([]byte("GIF89a\x01\x00\x01\x00"))
	f.Add([]byte("<svg xmlns='http://www.w3.org/2000/svg'/>"))
	f.Add([]byte("\xff\xd80\xff\xc0"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		magic := map[string]bool{
			"image/png":  bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")),
			"image/jpeg": bytes.HasPrefix(data, []byte("\xff\xd8\xff")),
			"image/webp": len(data) >= 14 && bytes.HasPrefix(data, []byte("RIFF")) && bytes.Equal(data[8:14], []byte("WEBPVP")),
		}
		sized := len(data) > 0 && len(data) <= marquee.PosterMaxBytes
		ct, err := marquee.SniffPoster(data)
		if err != nil {
			switch code := marquee.ErrorCode(err); {
			case len(data) == 0 && code != marquee.EInvalid, len(data) > marquee.PosterMaxBytes && code != marquee.ETooLarge:
				t.Fatalf("SniffPoster of %d bytes: %v", len(data), err)
			case code != marquee.EInvalid && code != marquee.ETooLarge && code != marquee.EUnsupportedMedia:
				t.Fatalf("SniffPoster: %v", err)
			case sized && (magic["image/png"] || magic["image/jpeg"] || magic["image/webp"]):
				t.Fatalf("SniffPoster refused %q, which starts as an image: %v", data[:min(len(data), 16)], err)
			}
			return
		}
		if !sized || !magic[ct] {
			t.Fatalf("SniffPoster accepted %d bytes %q as %s", len(data), data[:min(len(data), 16)], ct)
		}
		ext := marquee.PosterExtension(ct)
		if ext == "" || marquee.PosterContentType("1-abc."+ext) != ct {
			t.Fatalf("content type %s: extension %q maps back to %q", ct, ext, marquee.PosterContentType("1-abc."+ext))
		}
	})
}
