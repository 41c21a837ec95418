//go:build pprof

package main

import (
	"log"
	"net"
	"net/http"
	_ "net/http/pprof" // the profiles, on http.DefaultServeMux
	"os"
)

// A binary built with -tags pprof serves Go's profiles
// (/debug/pprof/heap, /debug/pprof/profile, ...) on MARQUEE_PPROF_ADDR, a
// loopback address (e.g. 127.0.0.1:6060), for measuring: never in a
// release build.
func init() {
	addr := os.Getenv("MARQUEE_PPROF_ADDR")
	if addr == "" {
		return
	}
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		log.Fatalf("MARQUEE_PPROF_ADDR must be a loopback address, not %q", addr)
	}
	go func() { log.Println("pprof:", http.ListenAndServe(addr, nil)) }()
}
