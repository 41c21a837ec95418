package poster_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/poster"
	"github.com/marquee-festival/marquee/poster/postertest"
)

// holdRoom starts an encode of a 300 × 300 noise PNG (about 270 KB) that
// stops at its 64th KB, holding its room in e's budget until the
// returned release is called; release waits for the encode and checks it
// succeeded.
func holdRoom(t *testing.T, e *poster.Encoder) (release func()) {
	t.Helper()
	gated := postertest.NewGated(postertest.PNG(t, postertest.Noise(300, 300)), 64<<10)
	done := make(chan error, 1)
	go func() {
		_, err := e.Encode(context.Background(), gated)
		done <- err
	}()
	select {
	case <-gated.Blocked():
	case err := <-done:
		t.Fatalf("the held encode ended: %v", err)
	}
	return func() {
		gated.Open()
		if err := <-done; err != nil {
			t.Errorf("the held encode: %v", err)
		}
	}
}

func TestEncoderBusy(t *testing.T) {
	e := poster.New(poster.Config{Slots: 1, MaxWait: 50 * time.Millisecond})
	small := postertest.PNG(t, postertest.Halves(20, 30))
	release := holdRoom(t, e)
	if e.Running() != 1 {
		t.Fatalf("running %d", e.Running())
	}
	_, err := e.Encode(t.Context(), bytes.NewReader(small))
	if marquee.ErrorCode(err) != marquee.ERateLimited || marquee.ErrorMessage(err) != "Many posters are being processed right now. Please try again in a moment." {
		t.Fatalf("while the one slot is held: %v", err)
	}
	// A caller that gives up while waiting gets its own context's error.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := e.Encode(ctx, bytes.NewReader(small)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled while waiting: %v", err)
	}
	// A refused upload is refused before it waits: its header is read first.
	if _, err := e.Encode(t.Context(), bytes.NewReader(postertest.PNGWithHTML)); marquee.ErrorCode(err) != marquee.EUnsupportedMedia {
		t.Fatalf("not an image, while busy: %v", err)
	}
	release()
	if _, err := e.Encode(t.Context(), bytes.NewReader(small)); err != nil {
		t.Fatalf("after the slot is free: %v", err)
	}
	if e.Running() != 0 || e.Peak() != 1 {
		t.Fatalf("running %d, peak %d", e.Running(), e.Peak())
	}
}

// The budget is memory: two small decodes run side by side, a heavy one
// (its header promising a large 16-bit picture) waits for the whole
// budget.
func TestEncoderMemoryBudget(t *testing.T) {
	e := poster.New(poster.Config{Memory: 200 << 20, Slots: 2, MaxWait: 50 * time.Millisecond})
	release := holdRoom(t, e)
	if _, err := e.Encode(t.Context(), bytes.NewReader(postertest.PNG(t, postertest.Halves(20, 30)))); err != nil {
		t.Fatalf("a second small decode: %v", err)
	}
	if e.Peak() != 2 {
		t.Fatalf("peak %d", e.Peak())
	}
	heavy := pngWithSize16(t, 5000, 5000) // 8 bytes a pixel: 200 MB
	if h, err := poster.ReadHeader(bytes.NewReader(heavy)); err != nil || h.Memory < 200_000_000 {
		t.Fatalf("heavy header: %+v %v", h, err)
	}
	if _, err := e.Encode(t.Context(), bytes.NewReader(heavy)); marquee.ErrorCode(err) != marquee.ERateLimited {
		t.Fatalf("a heavy decode beside another: %v", err)
	}
	release()
	// Alone it may start (and then fails: its pixels are not there).
	if _, err := e.Encode(t.Context(), bytes.NewReader(heavy)); marquee.ErrorCode(err) != marquee.EUnsupportedMedia {
		t.Fatalf("a heavy decode alone: %v", err)
	}
}

// pngWithSize16 is pngWithSize for a 16-bit RGBA PNG.
func pngWithSize16(t *testing.T, w, h uint32) []byte {
	t.Helper()
	img := image.NewNRGBA64(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.NRGBA64{R: 1, A: 0x8000})
	return resizedPNG(t, postertest.PNG(t, img), w, h)
}
