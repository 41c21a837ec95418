package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/marquee-festival/marquee/files"
	"github.com/marquee-festival/marquee/files/filestest"
	"github.com/marquee-festival/marquee/poster/postertest"
	"github.com/marquee-festival/marquee/server"
)

// s3Env sets the MARQUEE_S3_* variables for srv's bucket.
func s3Env(t *testing.T, srv *filestest.S3) {
	t.Setenv("MARQUEE_S3_ENDPOINT", srv.URL)
	t.Setenv("MARQUEE_S3_BUCKET", srv.Bucket)
	t.Setenv("MARQUEE_S3_ACCESS_KEY_ID", "test-key")
	t.Setenv("MARQUEE_S3_SECRET_ACCESS_KEY", "test-secret-of-the-store")
}

func TestS3ConfigFromEnv(t *testing.T) {
	read := func(env map[string]string) (config, error) {
		return configFromEnv(func(k string) string { return env[k] })
	}
	c, err := read(map[string]string{})
	if err != nil || c.S3.Enabled() {
		t.Fatalf("default: %+v %v", c.S3, err)
	}
	full := map[string]string{"MARQUEE_S3_ENDPOINT": "http://minio:9000/", "MARQUEE_S3_BUCKET": "marquee-posters",
		"MARQUEE_S3_ACCESS_KEY_ID": "AKIA", "MARQUEE_S3_SECRET_ACCESS_KEY": "secret-key-never-echoed"}
	c, err = read(full)
	if err != nil || !c.S3.Enabled() || c.S3.Endpoint != "http://minio:9000" || !c.S3.PathStyle || c.S3.Region != "us-east-1" || c.S3.Prefix != "posters/" {
		t.Fatalf("minio: %+v %v", c.S3, err)
	}
	c, err = read(map[string]string{"MARQUEE_S3_BUCKET": "b-1", "MARQUEE_S3_REGION": "eu-west-3", "MARQUEE_S3_ACCESS_KEY_ID": "a",
		"MARQUEE_S3_SECRET_ACCESS_KEY": "s", "MARQUEE_S3_PREFIX": "fest/media"})
	if err != nil || c.S3.PathStyle || c.S3.Endpoint != "" || c.S3.Prefix != "fest/media/" || c.S3.Region != "eu-west-3" {
		t.Fatalf("aws: %+v %v", c.S3, err)
	}
	for name, tc := range map[string]struct {
		env  map[string]string
		want string
	}{
		"no bucket":   {map[string]string{"MARQUEE_S3_ENDPOINT": "http://minio:9000"}, "MARQUEE_S3_BUCKET is not set but other MARQUEE_S3_* settings are"},
		"one key":     {map[string]string{"MARQUEE_S3_BUCKET": "bucket", "MARQUEE_S3_ACCESS_KEY_ID": "a"}, "set both MARQUEE_S3_ACCESS_KEY_ID and MARQUEE_S3_SECRET_ACCESS_KEY"},
		"bad bucket":  {map[string]string{"MARQUEE_S3_BUCKET": "My_Bucket"}, `MARQUEE_S3_BUCKET="My_Bucket"`},
		"bad url":     {map[string]string{"MARQUEE_S3_BUCKET": "bucket", "MARQUEE_S3_ENDPOINT": "minio:9000"}, `MARQUEE_S3_ENDPOINT="minio:9000"`},
		"url creds":   {map[string]string{"MARQUEE_S3_BUCKET": "bucket", "MARQUEE_S3_ENDPOINT": "http://u:p@minio:9000"}, `MARQUEE_S3_ENDPOINT=`},
		"path style":  {map[string]string{"MARQUEE_S3_BUCKET": "bucket", "MARQUEE_S3_PATH_STYLE": "maybe"}, `MARQUEE_S3_PATH_STYLE="maybe"`},
		"prefix":      {map[string]string{"MARQUEE_S3_BUCKET": "bucket", "MARQUEE_S3_PREFIX": "../up"}, `MARQUEE_S3_PREFIX="../up"`},
		"region":      {map[string]string{"MARQUEE_S3_BUCKET": "bucket", "MARQUEE_S3_REGION": "EU WEST"}, `MARQUEE_S3_REGION="EU WEST"`},
		"only secret": {map[string]string{"MARQUEE_S3_SECRET_ACCESS_KEY": "hunter2-secret"}, "MARQUEE_S3_BUCKET is not set"},
	} {
		_, err := read(tc.env)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%s: the secret is echoed: %v", name, err)
		}
	}
}

// A poster goes the whole way through the object store: `serve`'s wiring
// (MARQUEE_S3_*) → the upload handler → the poster encoder → two objects
// in the bucket (nothing on disk) → GET /media/posters/... serves them
// from the bucket, Range requests too; replacing the poster deletes the
// old objects.
func TestPosterRoundTripThroughS3(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	t.Setenv("MARQUEE_DATABASE_URL", "sqlite:"+filepath.Join(dir, "marquee.db"))
	srv := filestest.NewS3(t, "festival-media")
	s3Env(t, srv)
	cfg, err := configFromEnv(os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	if where := cfg.postersWhere(); where != "s3://festival-media/posters/ at "+srv.URL {
		t.Fatalf("serve would log posters kept in %s", where)
	}
	db, svc, err := openServices(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if cfg.Server.UploadDir, err = openUploads(cfg); err != nil {
		t.Fatal(err)
	}
	cfg.Server.Web = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Marquee</title>")}}
	app, err := server.New(cfg.Server, svc.Domain(), nil)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(app.Handler())
	defer hs.Close()
	call := func(method, path, token, ctype string, body []byte, header ...string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, hs.URL+path, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		return res, raw
	}
	decode := func(raw []byte) map[string]any {
		var m map[string]any
		json.Unmarshal(raw, &m)
		return m
	}
	account := []byte(`{"email":"maker@example.com","password":"password123"}`)
	if res, raw := call("POST", "/api/v1/user/register", "", "application/json", account); res.StatusCode != 201 {
		t.Fatalf("register: %d %s", res.StatusCode, raw)
	}
	res, raw := call("POST", "/api/v1/user/login", "", "application/json", account)
	token, _ := decode(raw)["token"].(string)
	if res.StatusCode != 200 || token == "" {
		t.Fatalf("login: %d %s", res.StatusCode, raw)
	}
	res, raw = call("POST", "/api/v1/films", token, "application/json", []byte(`{"title":"Tide","originalTitle":"潮","logline":"A short line.",
		"synopsis":"What happens.","runtimeMinutes":12,"genre":"Drama","country":"jp","language":"Japanese","year":2025,"director":"Aki",
		"credits":[{"name":"Aki","role":"Director"}],"screenerUrl":"https://vimeo.example/1","screenerPassword":"s3cret","public":false}`))
	if res.StatusCode != 201 {
		t.Fatalf("film: %d %s", res.StatusCode, raw)
	}
	id := int64(decode(raw)["film"].(map[string]any)["id"].(float64))

	upload := func(img []byte) (card, detail string) {
		t.Helper()
		res, raw := call("PUT", fmt.Sprintf("/api/v1/films/%d/poster", id), token, "application/octet-stream", img)
		if res.StatusCode != 200 {
			t.Fatalf("upload: %d %s", res.StatusCode, raw)
		}
		images := decode(raw)["film"].(map[string]any)["posterImages"].(map[string]any)
		return images["card"].(map[string]any)["url"].(string), images["detail"].(map[string]any)["url"].(string)
	}
	card, detail := upload(postertest.JPEGWithEXIF(t, postertest.Halves(1000, 1500), 1))
	names := srv.Names(t)
	wantNames := []string{"posters/" + strings.TrimPrefix(card, "/media/posters/"), "posters/" + strings.TrimPrefix(detail, "/media/posters/")}
	if fmt.Sprint(names) != fmt.Sprint(wantNames) {
		t.Fatalf("bucket holds %v, want %v", names, wantNames)
	}
	if left, _ := os.ReadDir(cfg.postersDir()); len(left) != 0 {
		t.Fatalf("posters written to disk too: %v", left)
	}
	for i, u := range []string{card, detail} {
		stored, ctype, _ := srv.Object(t, wantNames[i])
		res, got := call("GET", u, "", "", nil)
		if res.StatusCode != 200 || !bytes.Equal(got, stored) || ctype != "image/jpeg" || res.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("GET %s: %d, %d bytes (bucket %d, %s)", u, res.StatusCode, len(got), len(stored), ctype)
		}
		img, _, err := image.DecodeConfig(bytes.NewReader(got))
		if want := [][2]int{{400, 600}, {1000, 1500}}[i]; err != nil || img.Width != want[0] || img.Height != want[1] {
			t.Fatalf("%s is %+v %v", u, img, err)
		}
		res, part := call("GET", u, "", "", nil, "Range", "bytes=100-199")
		if res.StatusCode != http.StatusPartialContent || !bytes.Equal(part, stored[100:200]) {
			t.Fatalf("range of %s: %d %d bytes", u, res.StatusCode, len(part))
		}
		if res, _ := call("GET", u, "", "", nil, "If-None-Match", `"`+strings.TrimPrefix(u, "/media/posters/")+`"`); res.StatusCode != http.StatusNotModified {
			t.Fatalf("revalidate %s: %d", u, res.StatusCode)
		}
	}
	// A poster the database names but the bucket lost is a plain 404.
	srv.Backend.DeleteObject(srv.Bucket, wantNames[0])
	if res, _ := call("GET", card, "", "", nil); res.StatusCode != http.StatusNotFound {
		t.Fatalf("lost object: %d", res.StatusCode)
	}
	// A new poster replaces the old objects.
	card2, detail2 := upload(postertest.PNG(t, postertest.Halves(30, 45)))
	names = srv.Names(t)
	if len(names) != 2 || !strings.HasSuffix(card2, "-card.jpg") && !strings.HasSuffix(card2, "-card.png") || names[1] != "posters/"+strings.TrimPrefix(detail2, "/media/posters/") {
		t.Fatalf("after replacing: %v (%s %s)", names, card2, detail2)
	}
	// Deleting the film deletes its poster's objects.
	if res, raw := call("DELETE", fmt.Sprintf("/api/v1/films/%d", id), token, "", nil); res.StatusCode/100 != 2 {
		t.Fatalf("delete film: %d %s", res.StatusCode, raw)
	}
	if names := srv.Names(t); len(names) != 0 {
		t.Fatalf("objects left after the film was deleted: %v", names)
	}
}

// `marquee files migrate` copies the posters folder to the bucket, says
// what it did, and copies nothing the second time.
func TestFilesMigrateCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	t.Setenv("MARQUEE_DATABASE_URL", "sqlite:"+filepath.Join(dir, "marquee.db"))
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"files", "migrate"}, strings.NewReader(""), &out, &errOut); err == nil || !strings.Contains(err.Error(), "no object store configured") {
		t.Fatalf("without S3: %v", err)
	}
	d, err := files.NewDisk(filepath.Join(dir, "posters"))
	if err != nil {
		t.Fatal(err)
	}
	for i, key := range []string{"4-0123456789abcdef-card.jpg", "4-0123456789abcdef-detail.jpg", "5-fedcba9876543210.png"} {
		if err := d.Put(ctx, key, bytes.Repeat([]byte{byte(i)}, 100)); err != nil {
			t.Fatal(err)
		}
	}
	srv := filestest.NewS3(t, "festival-media")
	s3Env(t, srv)
	out.Reset()
	if err := run(ctx, []string{"files", "migrate"}, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{"copied 4-0123456789abcdef-card.jpg (100 bytes)", "copied 5-fedcba9876543210.png (100 bytes)",
		"files: 3 copied (300 bytes), 0 already in the bucket, 0 failed, of 3 on disk"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	if got, ctype, ok := srv.Object(t, "posters/5-fedcba9876543210.png"); !ok || ctype != "image/png" || !bytes.Equal(got, bytes.Repeat([]byte{2}, 100)) {
		t.Fatalf("copied object: %q %s %v", got, ctype, ok)
	}
	out.Reset()
	if err := run(ctx, []string{"files", "migrate"}, strings.NewReader(""), &out, &errOut); err != nil ||
		!strings.Contains(out.String(), "files: 0 copied (0 bytes), 3 already in the bucket, 0 failed, of 3 on disk") {
		t.Fatalf("second run: %v\n%s", err, out.String())
	}
	// A store refusing writes: the command fails and says how many.
	if err := d.Put(ctx, "6-0000000000000001.png", []byte("new")); err != nil {
		t.Fatal(err)
	}
	srv.FailPuts.Store(true)
	out.Reset()
	err = run(ctx, []string{"files", "migrate"}, strings.NewReader(""), &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "cannot write") {
		t.Fatalf("store down: %v\n%s", err, out.String())
	}
	if err := run(ctx, []string{"files", "copy"}, strings.NewReader(""), &out, &errOut); err == nil {
		t.Fatal("unknown subcommand accepted")
	}
}
