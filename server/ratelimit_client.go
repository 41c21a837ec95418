package server

import (
	"net/http"
	"net/netip"
)

// clientKey is the client part of every per-client rate limit key: the
// caller's address (see clientIP) as rateLimitClient counts it.
func (s *Server) clientKey(r *http.Request) string { return rateLimitClient(s.clientIP(r)) }

// rateLimitClient returns what a rate limit counts of a client address: an
// IPv4 address whole; an IPv4-mapped IPv6 address (::ffff:203.0.113.7) as
// its IPv4 address; any other IPv6 address as its /64 network
// ("2001:db8:1:2::/64"), since a subscriber is usually given a whole /64 and
// could otherwise take a fresh allowance with every one of its addresses.
// A value that is not an address is kept as it is.
func rateLimitClient(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.WithZone("").Unmap()
	if ip.Is4() {
		return ip.String()
	}
	prefix, err := ip.Prefix(64)
	if err != nil {
		return addr
	}
	return prefix.String()
}
