package store_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// creditLedgerFile is the one file of the store that may change
// users.credits or write credit_ledger (moveCredits, lockBalance).
const creditLedgerFile = "credit_ledger.go"

// Statements that move credits or write the ledger, over the SQL of one
// string literal with its white space folded and in lower case.
var (
	// UPDATE users [alias] SET ... credits = ... (before any WHERE).
	creditsUpdate = regexp.MustCompile(`\bupdate\s+users\b(?:\s+\w+)?\s+set\s+(.*?)(?:\bwhere\b|;|$)`)
	// An assignment to credits, in a SET list or a fragment of one.
	creditsAssign = regexp.MustCompile(`(^|[\s,.])credits\s*=[^=]`)
	// A fragment that moves credits whatever statement it is put in.
	creditsFragment = regexp.MustCompile(`\bcredits\s*=\s*credits\b`)
	ledgerInsert    = regexp.MustCompile(`\binsert\s+into\s+credit_ledger\b`)
)

// creditSQLViolation says what s, one string literal's text, does to
// credits or the ledger; "" when nothing.
func creditSQLViolation(s string) string {
	q := strings.ToLower(strings.Join(strings.Fields(s), " "))
	switch {
	case ledgerInsert.MatchString(q):
		return "inserts into credit_ledger"
	case creditsFragment.MatchString(q):
		return "changes users.credits"
	}
	for _, m := range creditsUpdate.FindAllStringSubmatch(q, -1) {
		if creditsAssign.MatchString(" " + m[1]) {
			return "updates users.credits"
		}
	}
	return ""
}

// TestCreditSQLViolation checks the scan itself on statements it must
// find and ones it must leave.
func TestCreditSQLViolation(t *testing.T) {
	for s, want := range map[string]bool{
		"UPDATE users SET credits = credits + ? WHERE id = ?":                      true,
		"UPDATE users\n\t\tSET updated_at = ?, credits = ? WHERE id = ?":           true,
		"update users u set credits=0":                                             true,
		"UPDATE users SET credits = credits WHERE id = ? RETURNING credits":        true,
		"INSERT INTO credit_ledger (user_id, delta) VALUES (?, ?)":                 true,
		"insert  into\ncredit_ledger_new SELECT":                                   false,
		"credits = credits - ?":                                                    true,
		"UPDATE users SET name = ? WHERE credits = 0":                              false,
		"UPDATE users SET role = ? WHERE id = ? AND credits >= ?":                  false,
		"SELECT credits FROM users WHERE id = ?":                                   false,
		"UPDATE credit_ledger SET note = '' WHERE user_id = ?":                     false,
		"UPDATE purchases SET refunded_credits = ? WHERE id = ?":                   false,
		"UPDATE promotions SET credits = ? WHERE id = ?":                           false,
		"INSERT INTO users (email, credits) VALUES (?, 0)":                         false,
		"SELECT COUNT(*) FROM credit_ledger WHERE user_id = ?":                     false,
		"UPDATE users SET email = ? WHERE id = ?; UPDATE users SET credits = 1":    true,
		"UPDATE submissions SET refunded_credits = ? WHERE id = ? AND credits = 1": false,
	} {
		if got := creditSQLViolation(s) != ""; got != want {
			t.Errorf("%q: violation %v, want %v", s, got, want)
		}
	}
}

// TestOnlyCreditLedgerMovesCredits fails when any store file but
// credit_ledger.go holds SQL that changes users.credits or inserts into
// credit_ledger: every move of credits goes through moveCredits, which
// writes the balance and its ledger row together (so a balance always
// equals the sum of its ledger rows, assertLedgerBalanced).
func TestOnlyCreditLedgerMovesCredits(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	scanned := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == creditLedgerFile {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		scanned++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
			}
			if v := creditSQLViolation(s); v != "" {
				t.Errorf("%s %s: move credits with moveCredits (%s) instead", fset.Position(lit.Pos()), v, creditLedgerFile)
			}
			return true
		})
	}
	if scanned < 50 {
		t.Fatalf("scanned %d store files: is the test running in store/?", scanned)
	}
}
