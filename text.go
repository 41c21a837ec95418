package marquee

import (
	"unicode"
	"unicode/utf8"
)

// CheckSingleLine adds a field error under field when value, the text of
// a one-line field (a name, an e-mail address, a title, a website), is not
// valid UTF-8 or contains a character that shows nothing, or something
// else than it is, in a line that is read as a whole:
//
//   - a control character: C0 and C1, DEL, tab and line breaks included,
//     and the Unicode line and paragraph separators U+2028 and U+2029;
//   - a text direction control: the overrides, embeddings and isolates
//     (U+202A–U+202E, U+2066–U+2069), which can make a name or an address
//     read as something else ("moc.elpmaxe" shown as "example.com"), and
//     the implicit marks LRM, RLM and ALM (U+200E, U+200F, U+061C): the
//     site shows each name in its own direction (dir="auto"), so a mark
//     only makes two names that look the same differ;
//   - an invisible character: every other format character (Unicode
//     category Cf: the zero-width space U+200B, the word joiner U+2060, the
//     byte order mark U+FEFF, the soft hyphen U+00AD, the invisible
//     operators, the Arabic number signs U+0600–U+0605, ...) and the other
//     default-ignorable code points (the Hangul fillers U+115F, U+1160,
//     U+3164 and U+FFA0, the combining grapheme joiner U+034F, ...), with
//     three exceptions, which writing needs:
//     the zero-width non-joiner and joiner (ZWNJ U+200C, ZWJ U+200D) after
//     a letter or mark of a script that uses them (Persian "می‌خواهم", the
//     Indic conjuncts "क्‍ष"), and ZWJ after an emoji too (the sequences
//     "👩‍💻", "❤️‍🔥"); never at the start, after a space, punctuation, a
//     digit or another joiner, nor after a Latin, Greek, Cyrillic, Han,
//     Kana or Hangul letter, whose scripts use no joiners (there one would
//     only hide a difference); and the tag characters (U+E0020–U+E007F)
//     of an emoji flag's tag sequence (🏴 and its tags, as in the flag of
//     Scotland). Variation selectors are not format characters and stay
//     (the emoji presentation U+FE0F, the ideographic variants of a kanji
//     in a Japanese name);
//   - a noncharacter (U+FDD0–U+FDEF and the last two code points of every
//     plane, U+FFFE and U+FFFF, ..., U+10FFFF), which is no text, or a
//     private-use character (U+E000–U+F8FF and planes 15 and 16), whose
//     meaning only a private agreement gives: another reader, the e-mails
//     and the CSV exports would show a box or a vendor's glyph, and a name
//     must read the same for everyone.
//
// It reports whether value passed; a field that already failed keeps its
// first message. Unassigned code points are accepted: they may be
// characters of a Unicode version newer than Go's tables (a new emoji).
func CheckSingleLine(field, value string, f *FieldErrors) bool {
	return checkText(field, value, false, f)
}

// CheckMultiLine is CheckSingleLine for a field of several lines (a
// description, a synopsis, a message, a comment): line feeds, CR LF pairs,
// tabs and the Unicode line and paragraph separators stay, any other
// control character (a lone carriage return included) is refused.
// Bidirectional controls are allowed here: long texts written in Arabic or
// Hebrew carry them when pasted from word processors, the site shows such a
// text in its own block (an override cannot reach past it), and a
// description identifies nothing, unlike a name or an address.
func CheckMultiLine(field, value string, f *FieldErrors) bool {
	return checkText(field, value, true, f)
}

// The problems the text hygiene rules find.
const (
	textOK = iota
	textInvalidUTF8
	textControl
	textBidi
	textInvisible
	textNonText
)

// checkText adds the message of the first rule value breaks (one message
// per rule, the same for every field) and reports whether it passed.
func checkText(field, value string, multiLine bool, f *FieldErrors) bool {
	switch textProblem(value, multiLine) {
	case textInvalidUTF8:
		f.Add(field, "This field contains text that is not valid UTF-8")
	case textControl:
		if multiLine {
			f.Add(field, "This field cannot contain control characters")
		} else {
			f.Add(field, "This field cannot contain line breaks or control characters")
		}
	case textBidi:
		f.Add(field, "This field cannot contain text direction control characters")
	case textInvisible:
		f.Add(field, "This field cannot contain invisible characters such as zero-width spaces")
	case textNonText:
		f.Add(field, "This field cannot contain private-use characters or Unicode noncharacters")
	default:
		return true
	}
	return false
}

// textProblem returns the first hygiene rule value breaks, or textOK.
func textProblem(value string, multiLine bool) int {
	if !utf8.ValidString(value) {
		return textInvalidUTF8
	}
	tags := 0 // the bytes left of an emoji tag sequence
	for i, r := range value {
		switch {
		case multiLine && (r == '\n' || r == '\t' || r == '\u2028' || r == '\u2029'):
		case multiLine && r == '\r' && i+1 < len(value) && value[i+1] == '\n':
		case isControl(r) || r == '\u2028' || r == '\u2029':
			return textControl
		case multiLine:
		case isBidiControl(r) || isBidiMark(r):
			return textBidi
		case tags > 0:
			// Tag characters of the sequence that emojiTagSequence measured.
		case r == blackFlag:
			tags = emojiTagSequence(value[i+utf8.RuneLen(r):])
		case r == zwnj || r == zwj:
			if !joinerAllowed(value[:i], r) {
				return textInvisible
			}
		case unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r):
			return textInvisible
		case isNonCharacter(r) || unicode.Is(unicode.Co, r):
			return textNonText
		}
		if tags > 0 && r != blackFlag {
			tags -= utf8.RuneLen(r)
		}
	}
	return textOK
}

// Characters the one-line rule looks at by name.
const (
	zwnj      = '\u200c'     // zero-width non-joiner
	zwj       = '\u200d'     // zero-width joiner
	blackFlag = '\U0001F3F4' // the base of an emoji flag's tag sequence
	tagFirst  = '\U000E0020' // the tag characters a flag's sequence spells with
	tagLast   = '\U000E007E'
	tagCancel = '\U000E007F' // the end of a tag sequence
)

// emojiTagSequence returns the length in bytes of the emoji tag sequence
// at the start of s (what follows a black flag): one or more tag
// characters and the cancel tag that ends them; 0 when s does not start
// with a whole one.
func emojiTagSequence(s string) int {
	n := 0
	for i, r := range s {
		switch {
		case r >= tagFirst && r <= tagLast:
			n++
		case r == tagCancel && n > 0:
			return i + utf8.RuneLen(r)
		default:
			return 0
		}
	}
	return 0
}

// joinerAllowed reports whether a zero-width joiner or non-joiner r may
// follow before (the text before it): after a letter or mark of a script
// that uses joiners (a mark counts as the letter it sits on), and for ZWJ
// after an emoji (a symbol, an emoji modifier, a variation selector on
// one) too.
func joinerAllowed(before string, r rune) bool {
	// The base: the last rune that is not a mark.
	base := utf8.RuneError
	for before != "" {
		b, size := utf8.DecodeLastRuneInString(before)
		before = before[:len(before)-size]
		if !unicode.IsMark(b) {
			base = b
			break
		}
	}
	switch {
	case base == utf8.RuneError:
		return false
	case unicode.IsLetter(base):
		return !unicode.In(base, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
	case unicode.In(base, unicode.So, unicode.Sk):
		return r == zwj
	}
	return false
}

// isBidiMark reports whether r is an implicit direction mark: LRM, RLM
// or ALM.
func isBidiMark(r rune) bool { return r == '\u200e' || r == '\u200f' || r == '\u061c' }

// isNonCharacter reports whether r is one of Unicode's 66 noncharacters:
// U+FDD0–U+FDEF and the last two code points of every plane.
func isNonCharacter(r rune) bool { return r >= 0xfdd0 && r <= 0xfdef || r&0xfffe == 0xfffe }

// isControl reports whether r is a C0 or C1 control character or DEL.
func isControl(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 }

// isBidiControl reports whether r is an explicit bidirectional embedding,
// override or isolate, or the pop that ends one.
func isBidiControl(r rune) bool { return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 }

// hasControl reports whether s contains a control character (see
// isControl), for texts such as passwords that are never shown.
func hasControl(s string) bool {
	for _, r := range s {
		if isControl(r) {
			return true
		}
	}
	return false
}
