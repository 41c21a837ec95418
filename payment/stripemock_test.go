package payment

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// stripeMockFix is how to install the stripe-mock the tests run against.
const stripeMockFix = "run `make tools`, or `go install github.com/stripe/stripe-mock@v0.203.0`"

// The one stripe-mock of this test binary, started by the first test that
// needs it and stopped by TestMain.
var mock struct {
	once   sync.Once
	proc   *os.Process
	exited chan error // receives once the process has ended
	url    string
	err    error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if mock.proc != nil {
		_ = mock.proc.Kill()
		select {
		case <-mock.exited:
		case <-time.After(5 * time.Second):
		}
	}
	os.Exit(code)
}

// findStripeMock looks for the stripe-mock binary in PATH, then where `go
// install` puts it: GOBIN, else GOPATH/bin.
func findStripeMock() (string, error) {
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p, nil
	}
	var tried []string
	for _, v := range []string{"GOBIN", "GOPATH"} {
		out, err := exec.Command("go", "env", v).Output()
		dir := strings.TrimSpace(string(out))
		if err != nil || dir == "" {
			continue
		}
		dir = strings.Split(dir, string(os.PathListSeparator))[0]
		if v == "GOPATH" {
			dir = filepath.Join(dir, "bin")
		}
		p := filepath.Join(dir, "stripe-mock")
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, nil
		}
		tried = append(tried, p)
	}
	return "", fmt.Errorf("stripe-mock is not in PATH nor at %s: %s", strings.Join(tried, ", "), stripeMockFix)
}

// stripeMock returns the address of a running stripe-mock, starting it on
// a free loopback port on first use. A missing stripe-mock fails the test
// (it is never skipped).
func stripeMock(t *testing.T) string {
	t.Helper()
	mock.once.Do(func() {
		bin, err := findStripeMock()
		if err != nil {
			mock.err = err
			return
		}
		// A free port may be taken between choosing it and stripe-mock
		// binding it: try a few.
		for range 3 {
			if mock.proc, mock.exited, mock.url, mock.err = startStripeMock(bin); mock.err == nil {
				return
			}
		}
	})
	if mock.err != nil {
		t.Fatalf("stripe-mock: %v", mock.err)
	}
	return mock.url
}

// startStripeMock starts bin on a free loopback port and waits until it
// answers; it returns the process, a channel that receives when it ends,
// and its address.
func startStripeMock(bin string) (*os.Process, chan error, string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, "", err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	var logs bytes.Buffer
	// Only HTTP, on loopback: no -https flag, so no HTTPS listener.
	cmd := exec.Command(bin, "-http-addr", fmt.Sprintf("127.0.0.1:%d", port))
	// The kernel stops stripe-mock when the test binary dies, even when a
	// timeout or a panic skips TestMain's cleanup.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		return nil, nil, "", fmt.Errorf("start %s: %w (%s)", bin, err, stripeMockFix)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return nil, nil, "", fmt.Errorf("%s exited: %v: %s", bin, err, logs.String())
		default:
		}
		req, _ := http.NewRequest(http.MethodGet, base+"/v1/balance", nil)
		req.SetBasicAuth("sk_test_123", "")
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return cmd.Process, exited, base, nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	<-exited
	return nil, nil, "", errors.New("stripe-mock did not answer within 30 s: " + logs.String())
}

// recorded is one request the provider sent to Stripe.
type recorded struct {
	Method, Path   string
	Form           url.Values
	IdempotencyKey string
}

// canned is an answer the recorder gives instead of stripe-mock's, for the
// states stripe-mock cannot produce (it keeps no state and always answers
// its fixtures).
type canned struct {
	status int
	body   string
}

// recorder is a reverse proxy in front of stripe-mock that records every
// request, so tests assert what the provider sends.
type recorder struct {
	mu       sync.Mutex
	requests []recorded
	// answer, when set, may replace stripe-mock's answer to a request.
	answer func(r recorded) *canned
}

// newRecorder starts a recording proxy to stripe-mock and returns it with
// its address.
func newRecorder(t *testing.T, answer func(r recorded) *canned) (*recorder, string) {
	t.Helper()
	target, err := url.Parse(stripeMock(t))
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{answer: answer}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		form, _ := url.ParseQuery(string(body))
		if r.Method == http.MethodGet {
			form = r.URL.Query()
		}
		req := recorded{Method: r.Method, Path: r.URL.Path, Form: form, IdempotencyKey: r.Header.Get("Idempotency-Key")}
		rec.mu.Lock()
		rec.requests = append(rec.requests, req)
		rec.mu.Unlock()
		if rec.answer != nil {
			if c := rec.answer(req); c != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Stripe-Should-Retry", "false")
				w.WriteHeader(c.status)
				io.WriteString(w, c.body)
				return
			}
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return rec, srv.URL
}

// only returns the one request recorded, failing the test otherwise.
func (rec *recorder) only(t *testing.T) recorded {
	t.Helper()
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.requests) != 1 {
		t.Fatalf("%d requests to Stripe, want 1: %+v", len(rec.requests), rec.requests)
	}
	return rec.requests[0]
}

func (rec *recorder) count() int {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return len(rec.requests)
}
