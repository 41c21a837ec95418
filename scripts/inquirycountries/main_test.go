package main

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedFileIsCurrent fails when inquiry_countries.go differs from
// what the generator writes (the country list or x/text changed).
func TestGeneratedFileIsCurrent(t *testing.T) {
	var b bytes.Buffer
	write(&b)
	have, err := os.ReadFile("../../inquiry_countries.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), have) {
		t.Fatal("inquiry_countries.go is stale: go run ./scripts/inquirycountries > inquiry_countries.go")
	}
}
