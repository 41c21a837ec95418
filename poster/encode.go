package poster

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	"github.com/marquee-festival/marquee"
)

// JPEGQuality is the quality both sizes are written at when opaque.
const JPEGQuality = 85

// EncodeImage writes img (a decoded picture as stored, to be turned
// upright by its EXIF orientation, 1 to 8) in the two sizes of
// marquee.PosterSizes: the detail scaled from img (resize), then turned;
// the card scaled from the detail. Both are JPEG, or PNG when the picture
// has any transparent pixel.
func EncodeImage(img image.Image, orientation int) (*marquee.EncodedPoster, error) {
	b := img.Bounds()
	if b.Empty() {
		return nil, marquee.ErrPosterUnreadable()
	}
	w, h := b.Dx(), b.Dy()
	if turnsSideways(orientation) {
		w, h = h, w
	}
	cardSize, detailSize := marquee.PosterSizes(w, h)
	stored := detailSize
	if turnsSideways(orientation) {
		stored = marquee.PosterSize{Width: detailSize.Height, Height: detailSize.Width}
	}
	detail := orient(resize(img, stored.Width, stored.Height), orientation)
	card := resize(detail, cardSize.Width, cardSize.Height)
	out := &marquee.EncodedPoster{Ext: "jpg"}
	write := writeJPEG
	if !detail.Opaque() {
		out.Ext, write = "png", writePNG
	}
	var err error
	if out.Detail.Data, err = write(detail); err != nil {
		return nil, err
	}
	if out.Card.Data, err = write(card); err != nil {
		return nil, err
	}
	out.Detail.PosterSize, out.Card.PosterSize = detailSize, cardSize
	return out, nil
}

func writeJPEG(img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: JPEGQuality}); err != nil {
		return nil, fmt.Errorf("poster: write JPEG: %w", err)
	}
	return buf.Bytes(), nil
}

func writePNG(img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("poster: write PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// turnsSideways reports whether EXIF orientation o swaps width and height
// (5 to 8: a quarter turn, with or without a mirror).
func turnsSideways(o int) bool { return o >= 5 && o <= 8 }

// orient returns src turned upright as EXIF orientation o says (2 to 8;
// src itself for 1 or anything else). Orientation o means the stored
// picture is shown: 2 mirrored left-right, 3 turned half a turn, 4
// mirrored top-bottom, 5 mirrored along the main diagonal, 6 turned a
// quarter clockwise, 7 mirrored along the other diagonal, 8 turned a
// quarter anticlockwise.
func orient(src *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return src
	}
	w, h := src.Rect.Dx(), src.Rect.Dy()
	dw, dh := w, h
	if turnsSideways(o) {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		for x := range dw {
			// The stored pixel shown at (x, y).
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, h-1-x
			case 7:
				sx, sy = w-1-y, h-1-x
			case 8:
				sx, sy = w-1-y, x
			}
			s := src.PixOffset(src.Rect.Min.X+sx, src.Rect.Min.Y+sy)
			d := dst.PixOffset(x, y)
			copy(dst.Pix[d:d+4], src.Pix[s:s+4])
		}
	}
	return dst
}
