package marquee

import "testing"

func TestNewCappedPage(t *testing.T) {
	for _, c := range []struct {
		counted   int64
		wantTotal int64
		wantCap   bool
	}{
		{0, 0, false},
		{1, 1, false},
		{CountCap, CountCap, false},
		{CountCap + 1, CountCap, true},
		{CountCap * 5, CountCap, true},
	} {
		p := NewCappedPage([]int(nil), c.counted, 2, 50)
		if p.Total != c.wantTotal || p.TotalCapped != c.wantCap || p.Items == nil || p.Page != 2 || p.PerPage != 50 {
			t.Errorf("NewCappedPage(counted %d) = %+v, want total %d capped %v", c.counted, p, c.wantTotal, c.wantCap)
		}
	}
}
