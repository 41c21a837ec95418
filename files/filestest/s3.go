// Package filestest runs an in-process S3-compatible server for tests
// (gofakes3 over its memory backend): the object store `marquee serve`
// talks to when MARQUEE_S3_* are set, without a network or a daemon.
package filestest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/marquee-festival/marquee/files"
)

// S3 is an in-process S3 server with one bucket, closed when the test ends.
type S3 struct {
	// URL is the server's endpoint (http://127.0.0.1:PORT).
	URL string
	// Bucket is the bucket made for the test.
	Bucket string
	// Backend holds the objects, for a test to look at them directly.
	Backend *s3mem.Backend
	// FailPuts, while set, answers every PUT with 500 (a store that is
	// down for writes).
	FailPuts atomic.Bool
	gets     atomic.Int64
	puts     atomic.Int64
}

// NewS3 starts a server with bucket (made empty).
func NewS3(t testing.TB, bucket string) *S3 {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	s := &S3{Bucket: bucket, Backend: backend}
	fake := gofakes3.New(backend).Server()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet:
			s.gets.Add(1)
		case http.MethodPut:
			s.puts.Add(1)
			if s.FailPuts.Load() {
				http.Error(w, "<Error><Code>InternalError</Code><Message>down for the test</Message></Error>", http.StatusInternalServerError)
				return
			}
		}
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	s.URL = ts.URL
	return s
}

// Config is the store's configuration for this server: path-style,
// any credentials (gofakes3 does not check them), one try per request
// (so a test of a failure does not wait for back-offs).
func (s *S3) Config(prefix string) files.S3Config {
	return files.S3Config{Endpoint: s.URL, Bucket: s.Bucket, Region: "us-east-1", AccessKeyID: "test-key", SecretAccessKey: "test-secret",
		PathStyle: true, Prefix: prefix, MaxAttempts: 1}
}

// Store returns a store over the server's bucket under prefix.
func (s *S3) Store(t testing.TB, prefix string) *files.S3 {
	t.Helper()
	st, err := files.NewS3(s.Config(prefix))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Gets and Puts are the GET and PUT requests the server was sent.
func (s *S3) Gets() int64 { return s.gets.Load() }
func (s *S3) Puts() int64 { return s.puts.Load() }

// Object returns the bytes and content type of the object name (the
// full object name, prefix included); ok false when there is none.
func (s *S3) Object(t testing.TB, name string) (data []byte, contentType string, ok bool) {
	t.Helper()
	obj, err := s.Backend.GetObject(s.Bucket, name, nil)
	if gofakes3.HasErrorCode(err, gofakes3.ErrNoSuchKey) {
		return nil, "", false
	} else if err != nil {
		t.Fatal(err)
	}
	defer obj.Contents.Close()
	buf := make([]byte, obj.Size)
	if _, err := io.ReadFull(obj.Contents, buf); err != nil {
		t.Fatal(err)
	}
	return buf, obj.Metadata["Content-Type"], true
}

// Names returns the names of the bucket's objects.
func (s *S3) Names(t testing.TB) []string {
	t.Helper()
	list, err := s.Backend.ListBucket(s.Bucket, nil, gofakes3.ListBucketPage{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range list.Contents {
		names = append(names, c.Key)
	}
	return names
}
