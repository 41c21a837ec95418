// Package web holds the built React front end, embedded into the marquee
// binary. The folder dist/ is filled by `make build`; without a build it holds
// only a placeholder and the server answers with a page saying so.
package web

import "embed"

// Dist is the Vite build output (web/dist).
//
//go:embed all:dist
var Dist embed.FS
