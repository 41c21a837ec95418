// Package poster decodes uploaded images and writes them again as
// Marquee's posters (marquee.PosterEncoder): the picture alone, upright,
// in the two sizes of marquee.PosterSizes, as JPEG or PNG. Nothing of the
// uploaded file but its pixels survives: no EXIF, no GPS position, no
// colour profile, no bytes after the image, no second format hiding
// behind the first one's magic bytes.
//
// Decoding is bounded twice: an upload's header is read and its pixel
// size checked (marquee.CheckPosterPixels) before anything is decoded,
// and the Encoder lets only as many decodes run at once as fit in its
// memory budget (limit.go).
package poster

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // registers GIF with image.Decode
	_ "image/jpeg"
	_ "image/png"
	"io"

	"github.com/marquee-festival/marquee"
	_ "golang.org/x/image/webp" // registers WebP (lossy and lossless, with alpha)
)

// formats are the image formats a poster may be uploaded in, as
// image.DecodeConfig names them; another registered format is refused.
var formats = map[string]bool{"jpeg": true, "png": true, "webp": true, "gif": true}

// Header is what an upload's header says, read before it is decoded.
type Header struct {
	// Format is "jpeg", "png", "webp" or "gif".
	Format string
	// Width and Height are the picture's size as stored (before Orientation).
	Width, Height int
	// Orientation is the EXIF orientation of a JPEG (1 to 8; 1, as
	// stored, for anything else or a JPEG without one).
	Orientation int
	// Memory estimates the bytes decoding the upload and encoding its two
	// sizes take at once, for the Encoder's budget.
	Memory int64
}

// ReadHeader reads the header of upload (from its start): its size in
// bytes (marquee.ErrPosterEmpty, ErrPosterTooLarge), its format
// (ErrPosterFormat unless JPEG, PNG, WebP or GIF; ErrPosterUnreadable for
// a header that does not decode) and its pixel size
// (marquee.CheckPosterPixels). It decodes no pixels.
func ReadHeader(upload io.ReadSeeker) (Header, error) {
	size, err := upload.Seek(0, io.SeekEnd)
	if err != nil {
		return Header{}, fmt.Errorf("poster: size of the upload: %w", err)
	}
	switch {
	case size == 0:
		return Header{}, marquee.ErrPosterEmpty()
	case size > marquee.PosterMaxBytes:
		return Header{}, marquee.ErrPosterTooLarge()
	}
	if err := rewind(upload); err != nil {
		return Header{}, err
	}
	cfg, format, err := image.DecodeConfig(bufio.NewReader(io.LimitReader(upload, marquee.PosterMaxBytes)))
	switch {
	case errors.Is(err, image.ErrFormat):
		return Header{}, marquee.ErrPosterFormat()
	case err != nil:
		return Header{}, marquee.ErrPosterUnreadable()
	case !formats[format]:
		return Header{}, marquee.ErrPosterFormat()
	}
	if err := marquee.CheckPosterPixels(cfg.Width, cfg.Height); err != nil {
		return Header{}, err
	}
	h := Header{Format: format, Width: cfg.Width, Height: cfg.Height, Orientation: 1}
	// Decoding holds the picture at its bytes per pixel; a JPEG is
	// measured from its frame (progressive ones also hold their
	// coefficients), an interlaced PNG also holds its passes and a WebP
	// its decoder's buffers.
	perPixel := float64(bytesPerPixel(cfg.ColorModel))
	switch format {
	case "jpeg":
		if err := rewind(upload); err != nil {
			return Header{}, err
		}
		info, err := readJPEGInfo(bufio.NewReader(io.LimitReader(upload, marquee.PosterMaxBytes)))
		if err != nil {
			return Header{}, marquee.ErrPosterUnreadable()
		}
		h.Orientation = info.orientation
		perPixel = info.bytesPerPixel()
	case "png":
		if err := rewind(upload); err != nil {
			return Header{}, err
		}
		var ihdr [29]byte
		if _, err := io.ReadFull(upload, ihdr[:]); err != nil {
			return Header{}, marquee.ErrPosterUnreadable()
		}
		if ihdr[28] != 0 {
			perPixel *= 2
		}
	case "webp":
		perPixel *= 2
	}
	h.Memory = int64(float64(cfg.Width)*float64(cfg.Height)*perPixel) + encodeMemory
	return h, nil
}

// encodeMemory is what writing the two sizes takes besides the decoded
// picture (see resize): the picture reduced by a whole factor (less than
// twice the detail on each side, 4 bytes a pixel), the detail scaled and
// turned upright, the card, and the encoders' buffers.
const encodeMemory = 4*marquee.PosterDetailMaxWidth*marquee.PosterDetailMaxHeight*4 +
	2*marquee.PosterDetailMaxWidth*marquee.PosterDetailMaxHeight*4 +
	marquee.PosterCardMaxWidth*marquee.PosterCardMaxHeight*4 + 4<<20

// bytesPerPixel is what a decoded picture of model holds per pixel; 8 for
// a model it does not know.
func bytesPerPixel(model color.Model) int64 {
	if _, ok := model.(color.Palette); ok {
		return 1
	}
	switch model {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model:
		return 2
	case color.YCbCrModel:
		return 3 // 4:4:4 at most
	case color.NYCbCrAModel:
		return 4
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	}
	return 8
}

// Decode reads upload (from its start) as ReadHeader does and, if the
// header is accepted, decodes its picture (as stored: turn it upright by
// Header.Orientation). Anything that does not decode, or decodes to
// another format or no pixels, is marquee.ErrPosterUnreadable. It bounds
// nothing itself: the Encoder runs it within its budget.
func Decode(upload io.ReadSeeker) (image.Image, Header, error) {
	h, err := ReadHeader(upload)
	if err != nil {
		return nil, Header{}, err
	}
	img, err := decodePixels(upload, h)
	if err != nil {
		return nil, Header{}, err
	}
	return img, h, nil
}

// decodePixels decodes the upload whose header is h.
func decodePixels(upload io.ReadSeeker, h Header) (image.Image, error) {
	if err := rewind(upload); err != nil {
		return nil, err
	}
	img, format, err := image.Decode(bufio.NewReader(io.LimitReader(upload, marquee.PosterMaxBytes)))
	if err != nil || format != h.Format {
		return nil, marquee.ErrPosterUnreadable()
	}
	b := img.Bounds()
	if b.Dx() > h.Width || b.Dy() > h.Height {
		// Never more pixels than the header announced and was checked.
		return nil, marquee.ErrPosterUnreadable()
	}
	if err := marquee.CheckPosterPixels(b.Dx(), b.Dy()); err != nil {
		return nil, err
	}
	return img, nil
}

func rewind(upload io.Seeker) error {
	if _, err := upload.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("poster: rewind the upload: %w", err)
	}
	return nil
}
