package main

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/files"
)

// defaultDataDir is the data folder when MARQUEE_DATA_DIR is not set and
// the database is not a SQLite file: the folder of the default SQLite URL
// (sqlite:data/marquee.db).
const defaultDataDir = "data"

// filesFromEnv reads MARQUEE_DATA_DIR, the folder uploaded files are kept
// under, into c and returns what is wrong with it. Unset, it is the SQLite
// database's folder (so "data" by default, and a test's temporary folder
// in tests), else defaultDataDir. It reads c.DatabaseURL, so it runs after
// MARQUEE_DATABASE_URL is read.
func filesFromEnv(getenv func(string) string, c *config) []string {
	c.DataDir = defaultDataDir
	if path, ok := strings.CutPrefix(c.DatabaseURL, "sqlite:"); ok {
		if path = strings.TrimPrefix(path, "//"); path != "" {
			c.DataDir = filepath.Dir(path)
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_DATA_DIR")); v != "" {
		if strings.ContainsRune(v, 0) {
			return []string{fmt.Sprintf("MARQUEE_DATA_DIR=%q: want a folder path", v)}
		}
		c.DataDir = v
	}
	return s3FromEnv(getenv, c)
}

// s3Config is the object store of uploaded files (posters), when
// MARQUEE_S3_BUCKET is set; otherwise they stay on disk under DataDir.
type s3Config struct {
	Endpoint, Bucket, Region     string
	AccessKeyID, SecretAccessKey string
	PathStyle                    bool
	Prefix                       string
}

// Enabled reports whether uploads go to the object store.
func (s s3Config) Enabled() bool { return s.Bucket != "" }

// s3Names are the object store's settings, in the order they are reported.
var s3Names = []string{"MARQUEE_S3_ENDPOINT", "MARQUEE_S3_BUCKET", "MARQUEE_S3_REGION", "MARQUEE_S3_ACCESS_KEY_ID",
	"MARQUEE_S3_SECRET_ACCESS_KEY", "MARQUEE_S3_PATH_STYLE", "MARQUEE_S3_PREFIX"}

var (
	// S3's rules for a bucket's name: 3 to 63 lower-case letters, digits,
	// dots and hyphens, starting and ending with a letter or digit.
	s3BucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)
	s3RegionName = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)
	s3PrefixText = regexp.MustCompile(`^([A-Za-z0-9_.-]+/)*[A-Za-z0-9_.-]*/?$`)
)

// s3FromEnv reads MARQUEE_S3_* into c.S3 and returns what is wrong with
// them. None set keeps uploads on disk; any set needs the bucket and both
// keys (a partly configured store is refused, never half used). The path
// style is the default with an endpoint (MinIO and other self-hosted
// stores), virtual-hosted without one (AWS). Keys are never echoed.
func s3FromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	given := false
	for _, name := range s3Names {
		given = given || strings.TrimSpace(getenv(name)) != ""
	}
	if !given {
		return nil
	}
	s := s3Config{
		Endpoint:        strings.TrimRight(strings.TrimSpace(getenv("MARQUEE_S3_ENDPOINT")), "/"),
		Bucket:          strings.TrimSpace(getenv("MARQUEE_S3_BUCKET")),
		Region:          strings.TrimSpace(getenv("MARQUEE_S3_REGION")),
		AccessKeyID:     strings.TrimSpace(getenv("MARQUEE_S3_ACCESS_KEY_ID")),
		SecretAccessKey: strings.TrimSpace(getenv("MARQUEE_S3_SECRET_ACCESS_KEY")),
		Prefix:          "posters/",
	}
	if s.Region == "" {
		s.Region = "us-east-1"
	}
	switch {
	case s.Bucket == "":
		errs = append(errs, "MARQUEE_S3_BUCKET is not set but other MARQUEE_S3_* settings are: set the bucket to keep uploads in the object store, or unset them all to keep them on disk")
	case !s3BucketName.MatchString(s.Bucket) || strings.Contains(s.Bucket, ".."):
		errs = append(errs, fmt.Sprintf("MARQUEE_S3_BUCKET=%q: want a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)", s.Bucket))
	}
	if s.AccessKeyID == "" || s.SecretAccessKey == "" {
		errs = append(errs, "set both MARQUEE_S3_ACCESS_KEY_ID and MARQUEE_S3_SECRET_ACCESS_KEY for the object store")
	}
	if s.Endpoint != "" {
		if u, err := url.Parse(s.Endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.User != nil {
			errs = append(errs, fmt.Sprintf("MARQUEE_S3_ENDPOINT=%q: want the store's address, such as http://minio:9000 (no path, no credentials)", s.Endpoint))
		}
	}
	if !s3RegionName.MatchString(s.Region) {
		errs = append(errs, fmt.Sprintf("MARQUEE_S3_REGION=%q: want a region name such as us-east-1", s.Region))
	}
	s.PathStyle = s.Endpoint != ""
	switch v := strings.ToLower(strings.TrimSpace(getenv("MARQUEE_S3_PATH_STYLE"))); v {
	case "":
	case "1", "true", "yes":
		s.PathStyle = true
	case "0", "false", "no":
		s.PathStyle = false
	default:
		errs = append(errs, fmt.Sprintf("MARQUEE_S3_PATH_STYLE=%q: want true or false", v))
	}
	if v := strings.TrimLeft(strings.TrimSpace(getenv("MARQUEE_S3_PREFIX")), "/"); strings.TrimSpace(getenv("MARQUEE_S3_PREFIX")) != "" {
		if !s3PrefixText.MatchString(v) || strings.Contains(v, "..") || len(v) > 200 {
			errs = append(errs, fmt.Sprintf("MARQUEE_S3_PREFIX=%q: want folder names of letters, digits, '-', '_' and '.', such as festival/posters/", v))
		} else {
			if v != "" && !strings.HasSuffix(v, "/") {
				v += "/"
			}
			s.Prefix = v
		}
	}
	c.S3 = s
	return errs
}

// fileStoreConfig is the files package's configuration of the object store.
func (s s3Config) fileStoreConfig() files.S3Config {
	return files.S3Config{Endpoint: s.Endpoint, Bucket: s.Bucket, Region: s.Region, AccessKeyID: s.AccessKeyID,
		SecretAccessKey: s.SecretAccessKey, PathStyle: s.PathStyle, Prefix: s.Prefix}
}

// postersDir is the folder the film posters are kept in.
func (c config) postersDir() string { return filepath.Join(c.DataDir, "posters") }

// postersWhere names where posters are kept, for logs: the bucket (with
// its prefix and endpoint) or the folder.
func (c config) postersWhere() string {
	if c.S3.Enabled() {
		where := "s3://" + c.S3.Bucket + "/" + c.S3.Prefix
		if c.S3.Endpoint != "" {
			where += " at " + c.S3.Endpoint
		}
		return where
	}
	return c.postersDir()
}

// uploadsDir is the folder uploads are spooled to while they are read.
func (c config) uploadsDir() string { return filepath.Join(c.DataDir, "uploads") }

// openUploads creates the folder uploads are spooled to and returns it:
// under the data folder, on disk (the system's temporary folder may be
// in memory).
func openUploads(c config) (string, error) {
	dir := c.uploadsDir()
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", fmt.Errorf("MARQUEE_DATA_DIR=%s: create %s: %w", c.DataDir, dir, err)
	}
	return dir, nil
}

// openFiles returns the store of uploaded files (posters): the object
// store when MARQUEE_S3_BUCKET is set, else the disk under the data
// folder (created).
func openFiles(c config) (marquee.FileStore, error) {
	if c.S3.Enabled() {
		s, err := files.NewS3(c.S3.fileStoreConfig())
		if err != nil {
			return nil, fmt.Errorf("MARQUEE_S3_*: %w", err)
		}
		return s, nil
	}
	return openDisk(c)
}

// openDisk returns the disk store of uploaded files, creating its folder.
func openDisk(c config) (*files.Disk, error) {
	d, err := files.NewDisk(c.postersDir())
	if err != nil {
		return nil, fmt.Errorf("MARQUEE_DATA_DIR=%s: %w", c.DataDir, err)
	}
	return d, nil
}
