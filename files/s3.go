package files

import (
	"bytes"
	"context"
	"crypto/md5"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/marquee-festival/marquee"
)

// S3Config names a bucket of an S3-compatible object store (AWS S3,
// MinIO, Ceph, R2, ...) and how to reach it.
type S3Config struct {
	// Endpoint is the store's address, such as http://minio:9000; empty
	// for AWS S3 itself (the endpoint of Region).
	Endpoint string
	// Bucket holds the files; it must exist.
	Bucket string
	// Region signs the requests ("us-east-1" when empty, which MinIO and
	// most S3-compatible stores accept).
	Region string
	// AccessKeyID and SecretAccessKey are the static credentials.
	AccessKeyID, SecretAccessKey string
	// PathStyle addresses the bucket as ENDPOINT/BUCKET/KEY rather than
	// BUCKET.ENDPOINT/KEY (MinIO and most self-hosted stores need it).
	PathStyle bool
	// Prefix is put before every key ("posters/": the bucket may hold
	// other things); a trailing "/" is added when missing.
	Prefix string
	// HTTPClient replaces the SDK's client (tests); nil keeps it.
	HTTPClient *http.Client
	// MaxAttempts bounds the tries of one request (the SDK's standard
	// retryer, with back-off); 0 keeps the SDK's 3.
	MaxAttempts int
}

// S3 is a marquee.FileStore over a bucket of an S3-compatible store: one
// object per key, under the configured prefix, written with its content
// type and its MD5 (checked by the store on upload, kept as the object's
// "md5" metadata so that Migrate can tell a copy already made).
type S3 struct {
	client *s3.Client
	bucket string
	prefix string
	where  string
}

var _ marquee.FileStore = (*S3)(nil)

// NewS3 returns the store over cfg's bucket. It does not contact the
// store: Check does.
func NewS3(cfg S3Config) (*S3, error) {
	if cfg.Bucket == "" {
		return nil, errors.New("files: S3 bucket not given")
	}
	if cfg.AccessKeyID == "" || cfg.SecretAccessKey == "" {
		return nil, errors.New("files: S3 access key id and secret access key are both required")
	}
	region := cfg.Region
	if region == "" {
		region = "us-east-1"
	}
	prefix := strings.TrimLeft(cfg.Prefix, "/")
	if prefix != "" && !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	opts := s3.Options{
		Region:       region,
		Credentials:  aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider(cfg.AccessKeyID, cfg.SecretAccessKey, "")),
		UsePathStyle: cfg.PathStyle,
		// Only the checksums S3 requires: many S3-compatible stores do not
		// take the SDK's newer default ones (CRC32 trailers); every upload
		// carries Content-MD5, which all of them check.
		RequestChecksumCalculation: aws.RequestChecksumCalculationWhenRequired,
		ResponseChecksumValidation: aws.ResponseChecksumValidationWhenRequired,
		RetryMaxAttempts:           cfg.MaxAttempts,
	}
	if cfg.Endpoint != "" {
		opts.BaseEndpoint = aws.String(strings.TrimRight(cfg.Endpoint, "/"))
	}
	if cfg.HTTPClient != nil {
		opts.HTTPClient = cfg.HTTPClient
	}
	where := "s3://" + cfg.Bucket + "/" + prefix
	if cfg.Endpoint != "" {
		where += " at " + cfg.Endpoint
	}
	return &S3{client: s3.New(opts), bucket: cfg.Bucket, prefix: prefix, where: where}, nil
}

// String names the bucket, prefix and endpoint, for logs.
func (s *S3) String() string { return s.where }

// objectKey is key's object name: the prefix and the key, which must be a
// ValidKey (the same names the disk store takes).
func (s *S3) objectKey(key string) (string, error) {
	if !ValidKey(key) {
		return "", fmt.Errorf("files: invalid key %q", key)
	}
	return s.prefix + key, nil
}

// contentTypes are the types objects are written with, by extension.
var contentTypes = map[string]string{
	"jpg":  "image/jpeg",
	"jpeg": "image/jpeg",
	"png":  "image/png",
	"webp": "image/webp",
	"gif":  "image/gif",
	"zip":  "application/zip",
	"json": "application/json",
	"txt":  "text/plain; charset=utf-8",
}

// ContentType is the type a file of this name is stored with: by its
// extension, else application/octet-stream.
func ContentType(key string) string {
	if dot := strings.LastIndexByte(key, '.'); dot >= 0 {
		if t, ok := contentTypes[strings.ToLower(key[dot+1:])]; ok {
			return t
		}
	}
	return "application/octet-stream"
}

// Put stores data under key, replacing what was there: one PutObject with
// its length, content type and Content-MD5 (so the store refuses bytes
// damaged on the way); the object appears whole or not at all.
func (s *S3) Put(ctx context.Context, key string, data []byte) error {
	name, err := s.objectKey(key)
	if err != nil {
		return err
	}
	sum := md5.Sum(data)
	_, err = s.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(s.bucket),
		Key:           aws.String(name),
		Body:          bytes.NewReader(data),
		ContentLength: aws.Int64(int64(len(data))),
		ContentType:   aws.String(ContentType(key)),
		ContentMD5:    aws.String(base64.StdEncoding.EncodeToString(sum[:])),
		Metadata:      map[string]string{"md5": hex.EncodeToString(sum[:])},
	})
	if err != nil {
		return fmt.Errorf("files: put %s in %s: %w", key, s.where, s.explain(err))
	}
	return nil
}

// Open returns the object under key with its size and modification
// time; a missing object (or an invalid key) is ENotFound. The reader
// streams the object; a Seek elsewhere than where it is makes the next
// Read ask for the rest from there (a ranged GET), so http.ServeContent
// answers Range requests without reading the whole object.
func (s *S3) Open(ctx context.Context, key string) (io.ReadSeekCloser, int64, time.Time, error) {
	name, err := s.objectKey(key)
	if err != nil {
		return nil, 0, time.Time{}, marquee.Errorf(marquee.ENotFound, "File not found")
	}
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(name)})
	if isNotFound(err) {
		return nil, 0, time.Time{}, marquee.Errorf(marquee.ENotFound, "File not found")
	} else if err != nil {
		return nil, 0, time.Time{}, fmt.Errorf("files: open %s in %s: %w", key, s.where, s.explain(err))
	}
	var size int64 = -1
	if out.ContentLength != nil {
		size = *out.ContentLength
	}
	if size < 0 {
		out.Body.Close()
		return nil, 0, time.Time{}, fmt.Errorf("files: open %s in %s: no length in the answer", key, s.where)
	}
	var mod time.Time
	if out.LastModified != nil {
		mod = out.LastModified.UTC()
	}
	return &s3Object{s: s, ctx: ctx, key: key, name: name, size: size, body: out.Body}, size, mod, nil
}

// Delete removes the object under key; a missing object is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	name, err := s.objectKey(key)
	if err != nil {
		return err
	}
	_, err = s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(name)})
	if err != nil && !isNotFound(err) {
		return fmt.Errorf("files: delete %s in %s: %w", key, s.where, s.explain(err))
	}
	return nil
}

// ObjectInfo is what the store says of an object without reading it.
type ObjectInfo struct {
	Size        int64
	ContentType string
	// MD5 is the hex MD5 of its bytes when known: the "md5" metadata Put
	// writes, else an ETag that is one (a single-part upload's).
	MD5     string
	ModTime time.Time
}

// Stat returns what the store says of the object under key, or ENotFound.
func (s *S3) Stat(ctx context.Context, key string) (ObjectInfo, error) {
	name, err := s.objectKey(key)
	if err != nil {
		return ObjectInfo{}, marquee.Errorf(marquee.ENotFound, "File not found")
	}
	out, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(name)})
	if isNotFound(err) {
		return ObjectInfo{}, marquee.Errorf(marquee.ENotFound, "File not found")
	} else if err != nil {
		return ObjectInfo{}, fmt.Errorf("files: stat %s in %s: %w", key, s.where, s.explain(err))
	}
	info := ObjectInfo{Size: aws.ToInt64(out.ContentLength), ContentType: aws.ToString(out.ContentType), MD5: out.Metadata["md5"]}
	if out.LastModified != nil {
		info.ModTime = out.LastModified.UTC()
	}
	if etag := strings.Trim(aws.ToString(out.ETag), `"`); info.MD5 == "" && isHexMD5(etag) {
		info.MD5 = etag
	}
	return info, nil
}

func isHexMD5(s string) bool {
	if len(s) != 32 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// Check makes sure the bucket can be used: it exists and answers
// (HeadBucket), and an object can be written, read back and deleted under
// the prefix. Its error says which and why, for `marquee check-config`.
func (s *S3) Check(ctx context.Context) error {
	if _, err := s.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(s.bucket)}); err != nil {
		if isNotFound(err) {
			return fmt.Errorf("bucket %q does not exist at %s", s.bucket, s.endpointName())
		}
		return fmt.Errorf("bucket %q at %s cannot be reached: %w", s.bucket, s.endpointName(), s.explain(err))
	}
	token := make([]byte, 8)
	if _, err := rand.Read(token); err != nil {
		return err
	}
	key := "check-config-" + hex.EncodeToString(token) + ".txt"
	probe := []byte("written by marquee check-config; safe to delete\n")
	if err := s.Put(ctx, key, probe); err != nil {
		return fmt.Errorf("cannot write to bucket %q: %w", s.bucket, err)
	}
	defer s.Delete(context.WithoutCancel(ctx), key)
	r, _, _, err := s.Open(ctx, key)
	if err != nil {
		return fmt.Errorf("cannot read back from bucket %q: %w", s.bucket, err)
	}
	got, err := io.ReadAll(r)
	r.Close()
	if err != nil || !bytes.Equal(got, probe) {
		return fmt.Errorf("bucket %q gave back other bytes than written (%v)", s.bucket, err)
	}
	if err := s.Delete(ctx, key); err != nil {
		return fmt.Errorf("cannot delete from bucket %q: %w", s.bucket, err)
	}
	return nil
}

func (s *S3) endpointName() string {
	if _, at, ok := strings.Cut(s.where, " at "); ok {
		return at
	}
	return "AWS S3"
}

// isNotFound reports whether err is the store's answer for a missing
// object (NoSuchKey, or a HEAD's bare 404).
func isNotFound(err error) bool {
	if err == nil {
		return false
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		switch api.ErrorCode() {
		case "NoSuchKey", "NotFound":
			return true
		case "NoSuchBucket":
			return false
		}
	}
	var re *smithyhttp.ResponseError
	return errors.As(err, &re) && re.HTTPStatusCode() == http.StatusNotFound && !isCode(err, "NoSuchBucket")
}

func isCode(err error, code string) bool {
	var api smithy.APIError
	return errors.As(err, &api) && api.ErrorCode() == code
}

// explain adds what an operator should check to the store's commonest
// refusals, keeping the error to unwrap.
func (s *S3) explain(err error) error {
	switch {
	case isCode(err, "NoSuchBucket"):
		return fmt.Errorf("bucket %q does not exist (create it, or fix MARQUEE_S3_BUCKET): %w", s.bucket, err)
	case isCode(err, "InvalidAccessKeyId"), isCode(err, "SignatureDoesNotMatch"):
		return fmt.Errorf("the store refused the credentials (check MARQUEE_S3_ACCESS_KEY_ID and MARQUEE_S3_SECRET_ACCESS_KEY): %w", err)
	case isCode(err, "AccessDenied"), isCode(err, "Forbidden"):
		return fmt.Errorf("access denied (check the keys; their policy must allow s3:GetObject, s3:PutObject, s3:DeleteObject and s3:ListBucket): %w", err)
	}
	return err
}

// s3Object reads an object from the store: the body of the last GET, and
// a position Seek may move; a Read where the body is not asks for the
// object from there.
type s3Object struct {
	s         *S3
	ctx       context.Context
	key, name string
	size, pos int64
	body      io.ReadCloser
	bodyAt    int64
}

func (o *s3Object) Read(p []byte) (int, error) {
	if o.pos >= o.size {
		return 0, io.EOF
	}
	if o.body == nil || o.bodyAt != o.pos {
		if o.body != nil {
			o.body.Close()
			o.body = nil
		}
		out, err := o.s.client.GetObject(o.ctx, &s3.GetObjectInput{
			Bucket: aws.String(o.s.bucket), Key: aws.String(o.name), Range: aws.String(fmt.Sprintf("bytes=%d-", o.pos)),
		})
		if err != nil {
			return 0, fmt.Errorf("files: read %s at %d in %s: %w", o.key, o.pos, o.s.where, o.s.explain(err))
		}
		o.body, o.bodyAt = out.Body, o.pos
	}
	n, err := o.body.Read(p)
	o.pos += int64(n)
	o.bodyAt += int64(n)
	if errors.Is(err, io.EOF) && o.pos < o.size {
		return n, fmt.Errorf("files: read %s in %s: %w", o.key, o.s.where, io.ErrUnexpectedEOF)
	}
	return n, err
}

func (o *s3Object) Seek(offset int64, whence int) (int64, error) {
	var at int64
	switch whence {
	case io.SeekStart:
		at = offset
	case io.SeekCurrent:
		at = o.pos + offset
	case io.SeekEnd:
		at = o.size + offset
	default:
		return o.pos, fmt.Errorf("files: seek %s: invalid whence %d", o.key, whence)
	}
	if at < 0 {
		return o.pos, fmt.Errorf("files: seek %s: negative position %d", o.key, at)
	}
	o.pos = at
	return at, nil
}

func (o *s3Object) Close() error {
	if o.body == nil {
		return nil
	}
	err := o.body.Close()
	o.body = nil
	return err
}
