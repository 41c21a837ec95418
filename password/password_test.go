package password

import (
	"strings"
	"testing"
)

var fast = Params{MemoryKiB: 1024, Time: 1, Threads: 1}

func TestHashVerify(t *testing.T) {
	h, err := Hash("correct horse", fast)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("unexpected encoding %q", h)
	}
	if ok, err := Verify("correct horse", h); err != nil || !ok {
		t.Fatalf("Verify(right) = %v, %v", ok, err)
	}
	if ok, _ := Verify("wrong horse", h); ok {
		t.Fatal("Verify(wrong) = true")
	}
	h2, _ := Hash("correct horse", fast)
	if h2 == h {
		t.Fatal("two hashes of one password share a salt")
	}
}

func TestVerifyMalformed(t *testing.T) {
	for _, bad := range []string{"", "plain", "$2a$10$abc", "$argon2id$v=19$m=x$a$b", "$argon2id$v=19$m=1,t=1,p=1$!!$!!"} {
		if _, err := Verify("x", bad); err == nil {
			t.Errorf("Verify(%q) gave no error", bad)
		}
	}
}

// BenchmarkVerifyDefault is the cost of one login check with production settings.
func BenchmarkVerifyDefault(b *testing.B) {
	h, err := Hash("correct horse", Default)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if ok, _ := Verify("correct horse", h); !ok {
			b.Fatal("mismatch")
		}
	}
}
