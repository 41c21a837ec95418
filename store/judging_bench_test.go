package store_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// BenchmarkSaveScore5000 measures one judge's SaveScore in a festival of
// 5,000 submissions that 3 judges (scope all) have all scored: the save
// recomputes the submission's summary, the judge's calibration and the
// calibrated score of the 5,000 submissions the judge scored (each moves
// with the judge's mean); the sub-benchmark "read" measures the first
// page of the ranking in calibrated order right after a save.
//
//	go test ./store -run XXX -bench SaveScore5000 -benchtime 50x
//	MARQUEE_TEST_POSTGRES_URL=... go test ./store -run XXX -bench SaveScore5000 -benchtime 50x
func BenchmarkSaveScore5000(b *testing.B) {
	var db *storetest.DB
	if os.Getenv(storetest.PostgresEnv) != "" {
		db = storetest.Wrap(b, storetest.OpenPostgres(b))
	} else {
		db = storetest.Wrap(b, storetest.OpenSQLite(b))
	}
	f := newJudgingFixture(b, db)
	ctx := context.Background()
	maker := f.user("maker@example.com", "Maker")
	var judges []*marquee.User
	var judgeIDs []int64
	for i := range 3 {
		u := f.user(fmt.Sprintf("judge%d@example.com", i), "Judge")
		judges = append(judges, u)
		judgeIDs = append(judgeIDs, f.judge(u))
	}
	f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: judgeIDs})
	now := db.Clock.Now()
	const n = 5000
	// 5,000 films, each entered once (a film enters a category once).
	for start := 0; start < n; start += 500 {
		var q strings.Builder
		args := []any{}
		q.WriteString(`INSERT INTO films (owner_id, title, created_at, updated_at) VALUES `)
		for i := start; i < start+500; i++ {
			if i > start {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?)")
			args = append(args, maker.ID, fmt.Sprintf("film %d", i), now, now)
		}
		if err := db.ExecForTest(ctx, q.String(), args...); err != nil {
			b.Fatal(err)
		}
	}
	if err := db.ExecForTest(ctx, `INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, tier, fee_credits, paid_credits, created_at, updated_at)
		SELECT id, owner_id, ?, ?, 'early', 0, 0, created_at, updated_at FROM films`, f.fest.ID, f.catA); err != nil {
		b.Fatal(err)
	}
	for i, jid := range judgeIDs {
		if err := db.ExecForTest(ctx, `INSERT INTO judge_scores (judge_id, submission_id, weighted, updated_at)
			SELECT ?, id, (id * ?) % 101, ? FROM submissions WHERE festival_id = ?`, jid, 7+i*6, now, f.fest.ID); err != nil {
			b.Fatal(err)
		}
	}
	if err := db.RebuildCalibrationForTest(ctx, f.fest.ID); err != nil {
		b.Fatal(err)
	}
	first, err := db.Int64ForTest(ctx, `SELECT MIN(id) FROM submissions WHERE festival_id = ?`, f.fest.ID)
	if err != nil {
		b.Fatal(err)
	}
	f.mustScore(judges[0], first, 5)
	orgCtx := storetest.AsUser(ctx, f.org)
	b.Run("save", func(b *testing.B) {
		for i := range b.N {
			f.mustScore(judges[i%3], first+int64(i%n), i%11)
		}
	})
	b.Run("read", func(b *testing.B) {
		for i := range b.N {
			b.StopTimer()
			f.mustScore(judges[i%3], first+int64(i%n), i%11)
			b.StartTimer()
			if _, err := f.svc.Judging.Ranking(orgCtx, f.fest.Slug, marquee.RankingFilter{Sort: marquee.RankingSortCalibrated,
				PageRequest: marquee.PageRequest{Page: 1, PerPage: marquee.RankingPerPage}}); err != nil {
				b.Fatal(err)
			}
		}
	})
	cal, err := db.Int64ForTest(ctx, `SELECT COUNT(*) FROM calibrated_scores WHERE festival_id = ?`, f.fest.ID)
	if err != nil || cal < n {
		b.Fatalf("%d calibrated (%v)", cal, err)
	}
}
