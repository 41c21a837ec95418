package telemetry

import (
	"context"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
)

// The decorators below give every call Marquee makes to an outside
// service a client span: the payment provider (Stripe or the test mode),
// the festival assistant's AI service, The Movie Database and the SMTP
// server. cmd/marquee puts them in place only when tracing is on.

// TracePayments returns p with a span per provider call.
func TracePayments(t *Tracing, p marquee.PaymentProvider) marquee.PaymentProvider {
	if t == nil || p == nil {
		return p
	}
	return &tracedPayments{t: t, p: p}
}

type tracedPayments struct {
	t *Tracing
	p marquee.PaymentProvider
}

func (tp *tracedPayments) Name() string                  { return tp.p.Name() }
func (tp *tracedPayments) Config() marquee.PaymentConfig { return tp.p.Config() }

func (tp *tracedPayments) CreatePayment(ctx context.Context, req marquee.PaymentRequest) (*marquee.PaymentResult, error) {
	ctx, span := tp.t.startCall(ctx, "payment."+tp.p.Name(), "CreatePayment")
	res, err := tp.p.CreatePayment(ctx, req)
	endSpan(span, err)
	return res, err
}

func (tp *tracedPayments) Payment(ctx context.Context, reference string) (*marquee.PaymentEvent, error) {
	ctx, span := tp.t.startCall(ctx, "payment."+tp.p.Name(), "Payment")
	ev, err := tp.p.Payment(ctx, reference)
	endSpan(span, err)
	return ev, err
}

func (tp *tracedPayments) FindPayment(ctx context.Context, q marquee.PaymentLookup) (*marquee.PaymentEvent, error) {
	ctx, span := tp.t.startCall(ctx, "payment."+tp.p.Name(), "FindPayment")
	ev, err := tp.p.FindPayment(ctx, q)
	endSpan(span, err)
	return ev, err
}

func (tp *tracedPayments) Refund(ctx context.Context, reference, idempotencyKey string, amountCents int64) error {
	ctx, span := tp.t.startCall(ctx, "payment."+tp.p.Name(), "Refund")
	err := tp.p.Refund(ctx, reference, idempotencyKey, amountCents)
	endSpan(span, err)
	return err
}

// ParseWebhook checks a signature locally: no call, no span.
func (tp *tracedPayments) ParseWebhook(payload []byte, signature string) (*marquee.PaymentEvent, error) {
	return tp.p.ParseWebhook(payload, signature)
}

// TraceInquiryWriter returns w with a span per answer written (the AI
// service's call, or the embedded writer's work).
func TraceInquiryWriter(t *Tracing, w marquee.InquiryWriter) marquee.InquiryWriter {
	if t == nil || w == nil {
		return w
	}
	tw := &tracedWriter{t: t, w: w}
	if sw, ok := w.(marquee.InquiryStreamWriter); ok {
		// The store streams through the writer when it can: keep that.
		return &tracedStreamWriter{tracedWriter: tw, sw: sw}
	}
	return tw
}

// tracedStreamWriter is a tracedWriter that also streams, with a span
// per streamed answer (its tool rounds are the model's calls inside it).
type tracedStreamWriter struct {
	*tracedWriter
	sw marquee.InquiryStreamWriter
}

func (ts *tracedStreamWriter) Stream(ctx context.Context, in marquee.InquiryStreamInput, emit func(marquee.InquiryEvent) error) error {
	ctx, span := ts.t.startCall(ctx, "assistant", "Stream")
	err := ts.sw.Stream(ctx, in, emit)
	endSpan(span, err)
	return err
}

type tracedWriter struct {
	t *Tracing
	w marquee.InquiryWriter
}

func (tw *tracedWriter) Write(ctx context.Context, facts marquee.InquiryFacts) (*marquee.InquiryAnswer, error) {
	ctx, span := tw.t.startCall(ctx, "assistant", "Write")
	a, err := tw.w.Write(ctx, facts)
	endSpan(span, err)
	return a, err
}

// TraceMovies returns c with a span per catalogue call (The Movie Database's API).
func TraceMovies(t *Tracing, c marquee.MovieCatalog) marquee.MovieCatalog {
	if t == nil || c == nil {
		return c
	}
	return &tracedMovies{t: t, c: c}
}

type tracedMovies struct {
	t *Tracing
	c marquee.MovieCatalog
}

func (tm *tracedMovies) Popular(ctx context.Context, page int, lang string) (*marquee.Page[marquee.Movie], error) {
	ctx, span := tm.t.startCall(ctx, "tmdb", "Popular")
	p, err := tm.c.Popular(ctx, page, lang)
	endSpan(span, err)
	return p, err
}

func (tm *tracedMovies) Movie(ctx context.Context, id int64, lang string) (*marquee.Movie, error) {
	ctx, span := tm.t.startCall(ctx, "tmdb", "Movie")
	m, err := tm.c.Movie(ctx, id, lang)
	endSpan(span, err)
	return m, err
}

// TraceMail returns s with a span per mail handed to the SMTP server
// (the recipient is not recorded).
func TraceMail(t *Tracing, s mail.Sender) mail.Sender {
	if t == nil || s == nil {
		return s
	}
	return &tracedSender{t: t, s: s}
}

type tracedSender struct {
	t *Tracing
	s mail.Sender
}

func (ts *tracedSender) Send(ctx context.Context, m marquee.Mail) error {
	ctx, span := ts.t.startCall(ctx, "smtp", "Send")
	err := ts.s.Send(ctx, m)
	endSpan(span, err)
	return err
}
