package marquee

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"
	"strings"
)

// A selected or awarded film gets a laurel: the festival's name and year
// within a wreath, with what the film received (official selection,
// finalist, or the award's name), to download as SVG or PNG from the
// filmmaker's account. Only the film's owner gets it.

// Laurel formats.
const (
	LaurelSVG = "svg"
	LaurelPNG = "png"
)

// Laurel is what a laurel says.
type Laurel struct {
	// Title is what the film received: "OFFICIAL SELECTION", "FINALIST"
	// or the award's name (upper-cased when it is Latin text).
	Title    string
	Festival string
	Year     int
}

// LaurelImage is a drawn laurel, to download.
type LaurelImage struct {
	ContentType string
	FileName    string
	Data        []byte
}

// LaurelRenderer draws laurels (package laurel): SVG text and a PNG
// rendered in Go.
type LaurelRenderer interface {
	SVG(l Laurel) []byte
	PNG(l Laurel) ([]byte, error)
}

// LaurelFor returns the laurel of submission s of a festival that starts
// on start (YYYY-MM-DD, its year the laurel's): selected, finalist and
// award winners have one; any other status is EInvalid.
func LaurelFor(s *Submission, start string) (Laurel, error) {
	year := 0
	if t, ok := ParseDate(start); ok {
		year = t.Year()
	} else {
		year = s.CreatedAt.Year()
	}
	l := Laurel{Festival: s.FestivalName, Year: year}
	switch s.Status {
	case SubmissionSelected:
		l.Title = "OFFICIAL SELECTION"
	case SubmissionFinalist:
		l.Title = "FINALIST"
	case SubmissionAwardWinner:
		l.Title = strings.ToUpper(s.AwardName)
		if l.Title == "" {
			l.Title = "AWARD WINNER"
		}
	default:
		return Laurel{}, Errorf(EInvalid, "Only a selected or awarded film has a laurel")
	}
	return l, nil
}

// LaurelFileName is the download's name: the festival's name reduced to
// ASCII letters and digits, with the year and extension ("laurel" when
// nothing of the name is ASCII).
func LaurelFileName(l Laurel, ext string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(l.Festival) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	name := strings.Trim(b.String(), "-")
	if name == "" {
		name = "laurel"
	}
	return name + "-" + strconv.Itoa(l.Year) + "-laurel." + ext
}

// LaurelLeaves returns the wreath's leaves for a laurel of the given
// width and height: each an ellipse centre, radii and rotation in
// degrees, on two arcs (left and right) rising from the bottom. The SVG
// and the PNG draw the same leaves.
func LaurelLeaves(w, h float64) [][5]float64 {
	var out [][5]float64
	const n = 9
	cx, cy := w/2, h*0.52
	rx, ry := w*0.40, h*0.40
	for i := 0; i < n; i++ {
		deg := 110 + float64(i)*125/float64(n-1) // bottom-left up to upper-left
		a := deg * math.Pi / 180
		x, y := cx+rx*math.Cos(a), cy+ry*math.Sin(a)
		size := 1 - float64(i)*0.05
		rot := deg + 90 - 25
		out = append(out,
			[5]float64{x, y, w * 0.045 * size, h * 0.028 * size, rot},
			[5]float64{w - x, y, w * 0.045 * size, h * 0.028 * size, 180 - rot})
	}
	return out
}

// LaurelSVGText draws l as an SVG document (its texts escaped; CJK names
// are drawn by the viewer's fonts, named in font-family).
func LaurelSVGText(l Laurel) []byte {
	const w, h = 600.0, 400.0
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">`)
	b.WriteString(`<g fill="#b8912f">`)
	for _, lf := range LaurelLeaves(w, h) {
		b.WriteString(`<ellipse cx="` + num(lf[0]) + `" cy="` + num(lf[1]) + `" rx="` + num(lf[2]) + `" ry="` + num(lf[3]) +
			`" transform="rotate(` + num(lf[4]) + " " + num(lf[0]) + " " + num(lf[1]) + `)"/>`)
	}
	b.WriteString(`</g>`)
	font := `font-family="'Noto Sans CJK JP','Noto Sans JP','Hiragino Sans','Yu Gothic','Microsoft YaHei','PingFang SC',sans-serif" text-anchor="middle" fill="#3a2e0f"`
	text := func(y, size int, weight, s string) {
		b.WriteString(`<text x="300" y="` + strconv.Itoa(y) + `" font-size="` + strconv.Itoa(size) + `" font-weight="` + weight + `" ` + font + `>`)
		_ = xml.EscapeText(&b, []byte(s))
		b.WriteString(`</text>`)
	}
	text(150, 26, "700", l.Title)
	for i, line := range LaurelLines(l.Festival, 22) {
		text(200+i*34, 26, "400", line)
	}
	text(300, 28, "700", strconv.Itoa(l.Year))
	b.WriteString(`</svg>`)
	return b.Bytes()
}

// LaurelLines splits a festival's name into at most three lines of about
// width columns (a CJK character counts two), at spaces when there are
// any, else anywhere; a longer name ends with "…".
func LaurelLines(name string, width int) []string {
	var lines []string
	var cur []rune
	cols := 0
	flush := func() {
		if s := strings.TrimSpace(string(cur)); s != "" {
			lines = append(lines, s)
		}
		cur, cols = nil, 0
	}
	for _, word := range splitKeep(name) {
		wc := 0
		for _, r := range word {
			wc += runeCols(r)
		}
		if cols+wc > width && cols > 0 {
			flush()
		}
		for _, r := range word {
			if cols+runeCols(r) > width && cols > 0 {
				flush()
			}
			if r == ' ' && cols == 0 {
				continue
			}
			cur = append(cur, r)
			cols += runeCols(r)
		}
	}
	flush()
	if len(lines) > 3 {
		lines = lines[:3]
		lines[2] = strings.TrimSpace(string([]rune(lines[2])[:max(0, len([]rune(lines[2]))-1)])) + "…"
	}
	return lines
}

// splitKeep splits s into words, each keeping the space before it.
func splitKeep(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		if r == ' ' && i > start {
			out = append(out, s[start:i])
			start = i
		}
	}
	return append(out, s[start:])
}

// runeCols is how many columns r takes: two for wide (CJK) characters.
func runeCols(r rune) int {
	if r >= 0x1100 && (r <= 0x115f || (r >= 0x2e80 && r <= 0xa4cf) || (r >= 0xac00 && r <= 0xd7a3) ||
		(r >= 0xf900 && r <= 0xfaff) || (r >= 0xfe30 && r <= 0xfe4f) || (r >= 0xff00 && r <= 0xff60) || (r >= 0xffe0 && r <= 0xffe6)) {
		return 2
	}
	return 1
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }
