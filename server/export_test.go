package server

import "net/http"

// patternRecorder is a router that keeps the patterns registered on it.
type patternRecorder struct{ patterns []string }

func (p *patternRecorder) Handle(pattern string, _ http.Handler) {
	p.patterns = append(p.patterns, pattern)
}

func (p *patternRecorder) HandleFunc(pattern string, _ func(http.ResponseWriter, *http.Request)) {
	p.patterns = append(p.patterns, pattern)
}

// RoutePatternsForTest returns every pattern the server registers
// ("GET /api/v1/films/{id}", "/media/"), in the order of routes.go.
func RoutePatternsForTest() []string {
	var rec patternRecorder
	(&Server{}).routes(&rec)
	return rec.patterns
}
