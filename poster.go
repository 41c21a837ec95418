package marquee

import (
	"context"
	"io"
	"strconv"
	"strings"
)

// A film's poster is never stored as it was uploaded: it is decoded and
// written again (so nothing but the picture survives: no EXIF, no GPS, no
// bytes after the image), in two sizes, each the picture scaled to fit its
// box and never enlarged: the card, for lists, and the detail, for a
// film's page. Package poster does the decoding and encoding under these
// rules; the store keeps the two files and names them in films.poster_key.

// Poster limits. An upload is at most PosterMaxBytes; its picture at most
// PosterMaxSide pixels on either side and PosterMaxPixels in all, checked
// from its header before it is decoded (a small file can describe a huge
// picture).
const (
	PosterMaxSide   = 10_000
	PosterMaxPixels = 25_000_000

	// The boxes the two sizes fit in (width × height, a poster's 2:3).
	PosterCardMaxWidth    = 400
	PosterCardMaxHeight   = 600
	PosterDetailMaxWidth  = 1200
	PosterDetailMaxHeight = 1800
)

// PosterSize is a picture's width and height in pixels.
type PosterSize struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// PosterImage is one size of a poster: where it is served and its size,
// for srcset's width descriptors and the img's width and height.
type PosterImage struct {
	URL string `json:"url"`
	PosterSize
}

// PosterImages are a poster's two sizes: Card for lists (about 200 CSS
// pixels wide), Detail for a film's page.
type PosterImages struct {
	Card   PosterImage `json:"card"`
	Detail PosterImage `json:"detail"`
}

// PosterFit returns the size of a w × h picture scaled to fit within
// maxW × maxH, keeping its proportions and never enlarging it; each side
// at least 1.
func PosterFit(w, h, maxW, maxH int) PosterSize {
	if w <= maxW && h <= maxH {
		return PosterSize{w, h}
	}
	// Width-bound when w/h > maxW/maxH, else height-bound; int64 so that
	// the products of sides up to PosterMaxSide cannot overflow.
	if int64(w)*int64(maxH) > int64(h)*int64(maxW) {
		return PosterSize{maxW, max(1, int((int64(h)*int64(maxW)+int64(w)/2)/int64(w)))}
	}
	return PosterSize{max(1, int((int64(w)*int64(maxH)+int64(h)/2)/int64(h))), maxH}
}

// PosterSizes returns the sizes of the two images of a w × h picture (w
// and h as it is shown, after any EXIF rotation): the detail fits the
// detail box, the card fits the card box and is made from the detail.
func PosterSizes(w, h int) (card, detail PosterSize) {
	detail = PosterFit(w, h, PosterDetailMaxWidth, PosterDetailMaxHeight)
	card = PosterFit(detail.Width, detail.Height, PosterCardMaxWidth, PosterCardMaxHeight)
	return card, detail
}

// CheckPosterPixels refuses a picture larger than PosterMaxSide on a side
// or PosterMaxPixels in all (ETooLarge), or of no pixels at all.
func CheckPosterPixels(w, h int) error {
	switch {
	case w <= 0 || h <= 0:
		return ErrPosterUnreadable()
	case w > PosterMaxSide || h > PosterMaxSide || int64(w)*int64(h) > PosterMaxPixels:
		return Errorf(ETooLarge, "The poster must be at most {side} pixels wide and high and {megapixels} megapixels in all").
			With("side", "10,000").With("megapixels", strconv.Itoa(PosterMaxPixels/1_000_000))
	}
	return nil
}

// ErrPosterEmpty is the answer to an upload with no bytes.
func ErrPosterEmpty() error {
	return Errorf(EInvalid, "The poster is empty; choose an image file")
}

// ErrPosterTooLarge is the answer to an upload over PosterMaxBytes.
func ErrPosterTooLarge() error { return Errorf(ETooLarge, "The poster must be at most 5 MB") }

// ErrPosterFormat is the answer to an upload that is none of the formats
// Marquee reads (judged from the bytes, never from a declared type).
func ErrPosterFormat() error {
	return Errorf(EUnsupportedMedia, "The poster must be a JPEG, PNG, WebP or GIF image")
}

// ErrPosterUnreadable is the answer to an upload that starts as an image
// of a format Marquee reads but does not decode as one: damaged, cut
// short, or something else behind an image's first bytes.
func ErrPosterUnreadable() error {
	return Errorf(EUnsupportedMedia, "The poster could not be read as an image: the file is damaged or incomplete. Save it again as JPEG or PNG and retry.")
}

// ErrPosterBusy is the answer when as many posters as the server takes at
// once are being decoded and none finished within a short wait; the
// server adds Retry-After.
func ErrPosterBusy() error {
	return Errorf(ERateLimited, "Many posters are being processed right now. Please try again in a moment.")
}

// PosterEncoder decodes uploaded images and writes them again as posters
// (package poster).
type PosterEncoder interface {
	// Encode reads an upload (at most PosterMaxBytes; JPEG, PNG, WebP or
	// GIF, within CheckPosterPixels, checked before decoding), turns it
	// upright as its EXIF says and writes the two sizes of PosterSizes
	// again, as JPEG, or PNG when it has transparency: nothing of the
	// file but its picture is kept. ErrPosterEmpty, ErrPosterTooLarge,
	// ErrPosterFormat, ErrPosterUnreadable, the pixel limit's error, or
	// ErrPosterBusy when too many are being decoded at once.
	Encode(ctx context.Context, upload io.ReadSeeker) (*EncodedPoster, error)
}

// EncodedPoster is an upload written again in the two sizes.
type EncodedPoster struct {
	// Ext is the files' extension: "jpg" or "png".
	Ext          string
	Card, Detail EncodedImage
}

// EncodedImage is one size of an encoded poster: its bytes and size.
type EncodedImage struct {
	PosterSize
	Data []byte
}

// PosterKey is what films.poster_key holds: the name of a poster, from
// which the names of its files and its sizes are read. A poster encoded
// by Marquee is "<film>-<token>-<card w>x<card h>-<detail w>x<detail h>.<jpg|png>"
// and its files are "<film>-<token>-card.<ext>" and "<film>-<token>-detail.<ext>".
// A poster stored before posters were encoded (a legacy one, its sizes
// zero) is "<film>-<token>.<jpg|png|webp>": one file under that name, the
// uploaded bytes, served as they are until `marquee posters reencode`
// encodes it (keeping its token, so its old address serves the detail).
// The token is 16 lower-case hex digits, new for every upload.
type PosterKey struct {
	Film   int64
	Token  string
	Ext    string
	Card   PosterSize
	Detail PosterSize
}

// posterTypes are the content types of poster files by extension: JPEG
// and PNG are what Marquee writes, WebP only legacy files.
var posterTypes = map[string]string{
	"jpg":  "image/jpeg",
	"png":  "image/png",
	"webp": "image/webp",
}

// ParsePosterKey reads a poster key; ok is false for anything else.
func ParsePosterKey(key string) (k PosterKey, ok bool) {
	dot := strings.LastIndexByte(key, '.')
	if dot < 0 {
		return PosterKey{}, false
	}
	name, ext := key[:dot], key[dot+1:]
	if _, known := posterTypes[ext]; !known {
		return PosterKey{}, false
	}
	parts := strings.Split(name, "-")
	if len(parts) != 2 && len(parts) != 4 {
		return PosterKey{}, false
	}
	film, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || film <= 0 || parts[0] != strconv.FormatInt(film, 10) || !posterToken(parts[1]) {
		return PosterKey{}, false
	}
	k = PosterKey{Film: film, Token: parts[1], Ext: ext}
	if len(parts) == 2 {
		return k, true
	}
	if ext == "webp" {
		return PosterKey{}, false
	}
	card, okCard := parsePosterSize(parts[2])
	detail, okDetail := parsePosterSize(parts[3])
	if !okCard || !okDetail {
		return PosterKey{}, false
	}
	k.Card, k.Detail = card, detail
	return k, true
}

// posterToken reports whether s is 16 lower-case hex digits.
func posterToken(s string) bool {
	if len(s) != 16 {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && (r < 'a' || r > 'f') {
			return false
		}
	}
	return true
}

// parsePosterSize reads "<w>x<h>", each side 1 to PosterMaxSide, written
// without leading zeros.
func parsePosterSize(s string) (PosterSize, bool) {
	ws, hs, ok := strings.Cut(s, "x")
	if !ok {
		return PosterSize{}, false
	}
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	if errW != nil || errH != nil || w < 1 || h < 1 || w > PosterMaxSide || h > PosterMaxSide ||
		ws != strconv.Itoa(w) || hs != strconv.Itoa(h) {
		return PosterSize{}, false
	}
	return PosterSize{w, h}, true
}

// String returns the key as films.poster_key holds it.
func (k PosterKey) String() string {
	base := strconv.FormatInt(k.Film, 10) + "-" + k.Token
	if k.Legacy() {
		return base + "." + k.Ext
	}
	return base + "-" + sizeText(k.Card) + "-" + sizeText(k.Detail) + "." + k.Ext
}

func sizeText(s PosterSize) string { return strconv.Itoa(s.Width) + "x" + strconv.Itoa(s.Height) }

// Legacy reports whether the key names a poster stored as uploaded,
// before posters were encoded.
func (k PosterKey) Legacy() bool { return k.Detail.Width == 0 }

// CardFile and DetailFile are the names of an encoded poster's files in
// the file store.
func (k PosterKey) CardFile() string   { return k.file("card") }
func (k PosterKey) DetailFile() string { return k.file("detail") }

func (k PosterKey) file(size string) string {
	return strconv.FormatInt(k.Film, 10) + "-" + k.Token + "-" + size + "." + k.Ext
}

// Files returns the names of the poster's files in the file store.
func (k PosterKey) Files() []string {
	if k.Legacy() {
		return []string{k.String()}
	}
	return []string{k.CardFile(), k.DetailFile()}
}

// URL is the poster's address for PosterURL: its detail image, or a
// legacy poster's one file.
func (k PosterKey) URL() string {
	if k.Legacy() {
		return PosterPath(k.String())
	}
	return PosterPath(k.DetailFile())
}

// Images returns the addresses and sizes of the two images; nil for a
// legacy poster, which has one.
func (k PosterKey) Images() *PosterImages {
	if k.Legacy() {
		return nil
	}
	return &PosterImages{
		Card:   PosterImage{URL: PosterPath(k.CardFile()), PosterSize: k.Card},
		Detail: PosterImage{URL: PosterPath(k.DetailFile()), PosterSize: k.Detail},
	}
}

// Serves returns the file of the file store to answer a request for name
// with, and its content type: name must be one of the poster's files or,
// for an encoded poster, a legacy name with its token (what its address
// was before `marquee posters reencode`: the detail answers). Any other
// name is not this poster's (ok false).
func (k PosterKey) Serves(name string) (file, contentType string, ok bool) {
	for _, f := range k.Files() {
		if name == f {
			return f, posterTypes[k.Ext], true
		}
	}
	if !k.Legacy() {
		if old, isKey := ParsePosterKey(name); isKey && old.Legacy() && old.Film == k.Film && old.Token == k.Token {
			return k.DetailFile(), posterTypes[k.Ext], true
		}
	}
	return "", "", false
}

// PosterFilm returns the film id a poster file's name starts with, or 0.
func PosterFilm(name string) int64 {
	idText, _, ok := strings.Cut(name, "-")
	id, err := strconv.ParseInt(idText, 10, 64)
	if !ok || err != nil || id <= 0 {
		return 0
	}
	return id
}

// PosterFromKey returns what a film shows of the poster films.poster_key
// names: PosterURL (the detail, or a legacy poster's file) and, for an
// encoded poster, both sizes. An empty key is no poster ("", nil); a key
// this package cannot read keeps the address it always had.
func PosterFromKey(key string) (url string, images *PosterImages) {
	if key == "" {
		return "", nil
	}
	k, ok := ParsePosterKey(key)
	if !ok {
		return PosterPath(key), nil
	}
	return k.URL(), k.Images()
}

// PosterFiles returns the names of the files of the poster key names, for
// deleting them: its card and detail, or a legacy poster's one file (and
// for a key this package cannot read, the key itself).
func PosterFiles(key string) []string {
	if key == "" {
		return nil
	}
	k, ok := ParsePosterKey(key)
	if !ok {
		return []string{key}
	}
	return k.Files()
}

// PosterPath is the URL path a poster file is served at ("" for none).
func PosterPath(name string) string {
	if name == "" {
		return ""
	}
	return "/media/posters/" + name
}
