// Command posterload measures what a burst of poster uploads costs a
// running marquee server in memory: it signs up a few filmmakers, gives
// each a film, then sends -n uploads of one image of about -mb megabytes
// at the same moment (PUT /api/v1/films/{id}/poster) while it samples the
// server's resident memory from /proc/PID/status every 5 ms. It prints
// the answers' statuses, the RSS before the burst, the highest RSS it saw
// and the kernel's high-water mark (VmHWM), so Linux only.
//
//	go run ./scripts/posterload -base http://127.0.0.1:18103 -pid 12345 -n 50
//
// scripts/poster-rss.sh starts a server of its own on a fresh SQLite
// database and runs this against it. The image is a JPEG of a smooth
// picture with fine noise, 3600 × 5400 pixels (about 19 megapixels, what
// a camera gives), its quality chosen so that the file is just under -mb
// MB: many pixels for its bytes, as a real photograph. The same bytes
// every run (a fixed random seed). -image FILE sends a file instead.
//
// Only loopback addresses are accepted: it is for measuring, not for load
// on other hosts.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("base", "http://127.0.0.1:18103", "server to measure (loopback only)")
	pid := flag.Int("pid", 0, "the server's process id, whose memory is sampled (required)")
	n := flag.Int("n", 50, "uploads sent at once")
	mb := flag.Float64("mb", 5, "size of the generated image in MB (1 MB = 1<<20 bytes); it stays under this")
	imagePath := flag.String("image", "", "send this file instead of a generated JPEG")
	perUser := flag.Int("per-user", 10, "uploads per filmmaker (the server allows 30 an hour each)")
	flag.Parse()
	u, err := url.Parse(*base)
	if err != nil {
		fail("bad -base: %v", err)
	}
	if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fail("-base must be a loopback address, not %s", u.Hostname())
	}
	if *pid <= 0 || *n < 1 || *n > 1000 || *perUser < 1 || *perUser > 30 {
		fail("usage: posterload -pid PID [-base URL] [-n 1..1000] [-mb MB] [-per-user 1..30] [-image FILE]")
	}
	if _, err := readMemory(*pid); err != nil {
		fail("cannot read the memory of process %d: %v", *pid, err)
	}

	var data []byte
	if *imagePath != "" {
		if data, err = os.ReadFile(*imagePath); err != nil {
			fail("%v", err)
		}
	} else {
		data = noiseJPEG(int(*mb * (1 << 20)))
	}
	fmt.Printf("image: %d bytes (%.2f MB)\n", len(data), float64(len(data))/(1<<20))

	client := &http.Client{Timeout: 5 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: *n, MaxConnsPerHost: 0}}
	users := (*n + *perUser - 1) / *perUser
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	films := make([]filmOf, users)
	for i := range films {
		email := fmt.Sprintf("posterload-%s-%d@example.com", run, i)
		films[i] = newFilm(client, *base, email)
	}

	// Let the server settle after the sign-ups, then measure the burst.
	time.Sleep(time.Second)
	before, _ := readMemory(*pid)
	var peak atomic.Int64
	peak.Store(before.rss)
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if m, err := readMemory(*pid); err == nil && m.rss > peak.Load() {
					peak.Store(m.rss)
				}
			}
		}
	}()

	start := make(chan struct{})
	statuses := make([]int, *n)
	var wg sync.WaitGroup
	for i := range *n {
		f := films[i / *perUser]
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/v1/films/%d/poster", *base, f.id), bytes.NewReader(data))
			req.Header.Set("Authorization", "Bearer "+f.token)
			req.Header.Set("Content-Type", "application/octet-stream")
			<-start
			res, err := client.Do(req)
			if err != nil {
				statuses[i] = -1
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			statuses[i] = res.StatusCode
		}()
	}
	began := time.Now()
	close(start)
	wg.Wait()
	took := time.Since(began)
	close(stop)
	<-sampled
	after, _ := readMemory(*pid)

	counts := map[int]int{}
	for _, s := range statuses {
		counts[s]++
	}
	keys := make([]int, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d×%d", counts[k], k)
	}
	fmt.Printf("uploads: %d at once, answered %s in %s\n", *n, strings.Join(parts, ", "), took.Round(time.Millisecond))
	fmt.Printf("RSS before the burst: %6.1f MB\n", mib(before.rss))
	fmt.Printf("RSS peak (sampled):   %6.1f MB\n", mib(peak.Load()))
	fmt.Printf("VmHWM (kernel peak):  %6.1f MB\n", mib(after.hwm))
	fmt.Printf("RSS after the burst:  %6.1f MB\n", mib(after.rss))
}

// filmOf is a filmmaker's session and film.
type filmOf struct {
	token string
	id    int64
}

// newFilm signs email up, signs in and creates a film.
func newFilm(client *http.Client, base, email string) filmOf {
	const pw = "posterload-password"
	creds, _ := json.Marshal(map[string]string{"email": email, "password": pw})
	post(client, base+"/api/v1/user/register", "", creds, http.StatusCreated, nil)
	var login struct {
		Token string `json:"token"`
	}
	post(client, base+"/api/v1/user/login", "", creds, http.StatusOK, &login)
	var created struct {
		Film struct {
			ID int64 `json:"id"`
		} `json:"film"`
	}
	post(client, base+"/api/v1/films", login.Token, []byte(`{"title":"Poster load"}`), http.StatusCreated, &created)
	return filmOf{token: login.Token, id: created.Film.ID}
}

// post sends a JSON body and decodes the answer into out, failing unless
// the status is want.
func post(client *http.Client, target, token string, body []byte, want int, out any) {
	req, _ := http.NewRequest(http.MethodPost, target, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := client.Do(req)
	if err != nil {
		fail("POST %s: %v", target, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		fail("POST %s: %d %s (for many sign-ups, run the server with MARQUEE_SIGNUP_RATE_PER_HOUR raised)", target, res.StatusCode, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			fail("POST %s: %v", target, err)
		}
	}
}

// noiseJPEG returns a 3600 × 5400 JPEG of a smooth gradient with fine
// noise, at the highest quality that keeps it at most limit bytes (and
// within 10% of it when the quality range allows).
func noiseJPEG(limit int) []byte {
	const w, h = 3600, 5400
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			v := 40 + 160*(x+y)/(w+h) + rng.IntN(25)
			img.Y[y*img.YStride+x] = uint8(v)
		}
	}
	for y := range h / 2 {
		for x := range w / 2 {
			img.Cb[y*img.CStride+x] = uint8(90 + 70*x/(w/2) + rng.IntN(6))
			img.Cr[y*img.CStride+x] = uint8(160 - 60*y/(h/2) + rng.IntN(6))
		}
	}
	var best []byte
	lo, hi := 1, 100
	for lo <= hi {
		q := (lo + hi) / 2
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
			fail("encode: %v", err)
		}
		if b.Len() <= limit {
			best = b.Bytes()
			lo = q + 1
		} else {
			hi = q - 1
		}
	}
	if best == nil {
		fail("no quality makes the image fit in %d bytes", limit)
	}
	return best
}

// memory is a process's resident set now and at its highest, in bytes.
type memory struct{ rss, hwm int64 }

// readMemory reads VmRSS and VmHWM from /proc/PID/status.
func readMemory(pid int) (memory, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return memory{}, err
	}
	defer f.Close()
	var m memory
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if !ok || (name != "VmRSS" && name != "VmHWM") {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		if err != nil {
			return memory{}, fmt.Errorf("%s: %w", name, err)
		}
		if name == "VmRSS" {
			m.rss = kb << 10
		} else {
			m.hwm = kb << 10
		}
	}
	return m, sc.Err()
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "posterload: "+format+"\n", args...)
	os.Exit(1)
}
