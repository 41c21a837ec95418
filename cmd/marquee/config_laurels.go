package main

import (
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/laurel"
)

// laurelsFromEnv reads MARQUEE_LAUREL_FONT, the font file laurels' PNGs
// draw CJK characters with (a TrueType or OpenType font or collection),
// into c and checks that it reads; unset, laurel.SystemFonts are tried.
func laurelsFromEnv(getenv func(string) string, c *config) []string {
	v := strings.TrimSpace(getenv("MARQUEE_LAUREL_FONT"))
	if v == "" {
		return nil
	}
	if _, err := laurel.New(v); err != nil {
		return []string{fmt.Sprintf("MARQUEE_LAUREL_FONT=%q: %v", v, err)}
	}
	c.LaurelFont = v
	return nil
}

// laurelRenderer returns the laurels' renderer; nil (SVG only) when it
// cannot be made, which laurelsFromEnv has already refused.
func laurelRenderer(c config) marquee.LaurelRenderer {
	r, err := laurel.New(c.LaurelFont)
	if err != nil {
		return nil
	}
	return r
}

// laurelFontSetting is what check-config shows of MARQUEE_LAUREL_FONT.
func laurelFontSetting(c config) string {
	if c.LaurelFont != "" {
		return c.LaurelFont
	}
	if r, err := laurel.New(""); err == nil && r.HasFallback() {
		return "(unset: a system CJK font was found)"
	}
	return "(unset: no CJK font found; laurels' PNGs draw CJK names as boxes)"
}
