package poster

import (
	"context"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/marquee-festival/marquee"
	"golang.org/x/sync/semaphore"
)

// Defaults of Config.
const (
	// DefaultMemory is the memory budget of the decodes running at once:
	// a 19-megapixel photograph's baseline JPEG is estimated at 82 MiB
	// (4:2:0, 1.5 bytes a pixel, plus at most 55 MiB for the two sizes),
	// so with two cores two run at once (each counts at least half); a
	// progressive one (7.5 bytes a pixel) or a 16-bit PNG at the pixel
	// limit takes the whole budget and runs alone.
	DefaultMemory = 192 << 20
	// DefaultMaxWait is how long an upload waits for room in the budget
	// before it is refused with marquee.ErrPosterBusy (429, Retry-After):
	// longer than the password hashes' 2 s, since a poster takes a second
	// or so to decode and scale and its sender has waited for the upload
	// already, and well within the server's write timeout (60 s).
	DefaultMaxWait = 10 * time.Second
)

// Config bounds an Encoder; zero fields take the defaults.
type Config struct {
	// Memory bounds the estimated memory (Header.Memory) of the decodes
	// running at once; DefaultMemory when zero. A decode estimated above
	// it runs alone.
	Memory int64
	// Slots bounds how many run at once (each counts at least
	// Memory/Slots); runtime.GOMAXPROCS at start-up when zero: decoding
	// is CPU-bound, one a core keeps them busy.
	Slots int
	// MaxWait is how long an upload waits for room; DefaultMaxWait when zero.
	MaxWait time.Duration
}

// Encoder is the marquee.PosterEncoder of the process: it reads an
// upload's header, waits for room in its memory budget (at most MaxWait,
// then marquee.ErrPosterBusy), then decodes and encodes the poster. The
// budget is a weighted semaphore: without it each upload would decode at
// once, 50 large photographs holding 50 pictures of up to 100 MB.
type Encoder struct {
	cfg     Config
	minCost int64
	sem     *semaphore.Weighted

	mu      sync.Mutex
	running int
	peak    int
}

var _ marquee.PosterEncoder = (*Encoder)(nil)

// New returns an Encoder bounded by cfg.
func New(cfg Config) *Encoder {
	if cfg.Memory <= 0 {
		cfg.Memory = DefaultMemory
	}
	if cfg.Slots <= 0 {
		cfg.Slots = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxWait <= 0 {
		cfg.MaxWait = DefaultMaxWait
	}
	return &Encoder{cfg: cfg, minCost: max(cfg.Memory/int64(cfg.Slots), 1), sem: semaphore.NewWeighted(cfg.Memory)}
}

// Encode implements marquee.PosterEncoder.
func (e *Encoder) Encode(ctx context.Context, upload io.ReadSeeker) (*marquee.EncodedPoster, error) {
	h, err := ReadHeader(upload)
	if err != nil {
		return nil, err
	}
	release, err := e.acquire(ctx, h.Memory)
	if err != nil {
		return nil, err
	}
	defer release()
	img, err := decodePixels(upload, h)
	if err != nil {
		return nil, err
	}
	return EncodeImage(img, h.Orientation)
}

// acquire takes room for a decode estimated at memory bytes, waiting at
// most MaxWait (marquee.ErrPosterBusy) or until ctx ends.
func (e *Encoder) acquire(ctx context.Context, memory int64) (release func(), err error) {
	cost := min(max(memory, e.minCost), e.cfg.Memory)
	wait, cancel := context.WithTimeout(ctx, e.cfg.MaxWait)
	defer cancel()
	if err := e.sem.Acquire(wait, cost); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, marquee.ErrPosterBusy()
	}
	e.mu.Lock()
	e.running++
	e.peak = max(e.peak, e.running)
	e.mu.Unlock()
	return func() {
		e.mu.Lock()
		e.running--
		e.mu.Unlock()
		e.sem.Release(cost)
	}, nil
}

// Running reports how many decodes are running now.
func (e *Encoder) Running() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.running
}

// Peak reports the most decodes that have run at once.
func (e *Encoder) Peak() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.peak
}
