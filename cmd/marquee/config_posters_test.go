package main

import (
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/poster"
)

func TestPostersFromEnv(t *testing.T) {
	c, err := configFromEnv(func(string) string { return "" })
	if err != nil || c.Posters != (poster.Config{}) {
		t.Fatalf("unset: %+v %v", c.Posters, err)
	}
	env := map[string]string{"MARQUEE_POSTER_MEMORY_MB": "512", "MARQUEE_POSTER_WAIT": "20s"}
	c, err = configFromEnv(func(k string) string { return env[k] })
	if err != nil || c.Posters.Memory != 512<<20 || c.Posters.MaxWait != 20*time.Second {
		t.Fatalf("set: %+v %v", c.Posters, err)
	}
	for name, v := range map[string]string{"MARQUEE_POSTER_MEMORY_MB": "10", "MARQUEE_POSTER_WAIT": "forever"} {
		_, err := configFromEnv(func(k string) string {
			if k == name {
				return v
			}
			return ""
		})
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: %v", name, v, err)
		}
	}
}
