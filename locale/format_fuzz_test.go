package locale

import (
	"strings"
	"testing"
)

// FuzzFormat: the values put into a message (names people typed) are
// written as they are, never searched for placeholders in turn, and the
// message's own text around them is kept; a placeholder without a value
// stays as it is.
func FuzzFormat(f *testing.F) {
	for _, s := range [][3]string{{"Reminder: {festival}", "festival", "Tokyo {festival} {link}"}, {"{a}{a}", "a", "}{"},
		{"{", "x", "{x}"}, {"{}", "", "empty"}, {"no placeholder", "x", "y"}, {"{x} and {y}", "y", "{x}"}} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, msg, name, value string) {
		if strings.ContainsAny(name, "{}") {
			return // a placeholder's name holds no brace
		}
		vars := Vars{name: value}
		got := Format("en", msg, vars)
		if want := formatOf(msg, vars); got != want {
			t.Fatalf("Format(%q, %q=%q) = %q, want %q", msg, name, value, got, want)
		}
		if !strings.Contains(msg, "{") && got != msg {
			t.Fatalf("Format(%q) without placeholders = %q", msg, got)
		}
		if got := Format("en", "<{"+name+"}>", vars); got != "<"+value+">" {
			t.Fatalf("Format(<{%s}>, %q) = %q", name, value, got)
		}
	})
}

// formatOf replaces each {name} of msg that vars names, left to right,
// with strings.Builder and a scan written apart from Format's.
func formatOf(msg string, vars Vars) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		if msg[i] == '{' {
			if end := strings.IndexByte(msg[i:], '}'); end > 0 {
				if v, ok := vars[msg[i+1:i+end]]; ok {
					b.WriteString(v)
					i += end + 1
					continue
				}
			}
		}
		b.WriteByte(msg[i])
		i++
	}
	return b.String()
}
