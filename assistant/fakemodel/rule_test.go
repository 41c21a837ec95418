package fakemodel_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/assistant/fakemodel"
)

// The stand-in model reads each kind of argument in en, ja and zh
// (simplified and traditional), typos of long English words, and leaves
// a question about nothing it knows without the tool.
func TestArgsReadTheQuestion(t *testing.T) {
	today := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	tests := []struct{ question, want string }{
		{"Which documentary festivals in Japan have deadlines next month?", `{"country":"JP","category":"documentary","date_field":"deadline","month":"2026-12"}`},
		{"来月締切の日本のドキュメンタリー映画祭", `{"country":"JP","category":"documentary","date_field":"deadline","month":"2026-12"}`},
		{"下個月截止的紀錄片影展", `{"category":"documentary","date_field":"deadline","month":"2026-12"}`},
		{"请问有哪些一月截止的纪录片影展？", `{"category":"documentary","date_field":"deadline","month":"2027-01"}`},
		{"十二月的电影节", `{"month":"2026-12"}`},
		{"Which festivals take place in March 2028?", `{"month":"2028-03"}`},
		{"lisbn film festivals", `{"country":"PT","city":"Lisbon"}`},
		{"首尔春天的动画电影节", `{"country":"KR","city":"首尔","category":"animation","from":"2027-03-01","to":"2027-05-31"}`},
		{"Where can I submit a short film for free?", `{"category":"short","max_fee":0,"open_for_submissions":true}`},
		{"cheap documentary festivals under $20", `{"category":"documentary","max_fee":20}`},
		{"ドイツで無料の短編映画祭はありますか？", `{"country":"DE","category":"short","max_fee":0}`},
		{"What is the weather on Mars?", `{}`},
	}
	for _, tt := range tests {
		raw, _ := json.Marshal(fakemodel.Args(tt.question, today))
		if string(raw) != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.question, raw, tt.want)
		}
	}
	if !fakemodel.OffTopic("What is the weather on Mars?", today) || fakemodel.OffTopic("festivals", today) || fakemodel.OffTopic("docs in Berlin", today) {
		t.Error("OffTopic: only a question with no argument and no festival word is off topic")
	}
}
