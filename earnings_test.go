package marquee

import (
	"testing"
	"time"
)

func TestParseCommissionPercent(t *testing.T) {
	for in, want := range map[string]int{"8.5": 850, "7": 700, "0": 0, "100": 10000, "12.34": 1234, " 5.05 ": 505, "0.5": 50} {
		if got, err := ParseCommissionPercent(in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
		if got := FormatBasisPoints(want); got != map[int]string{850: "8.5", 700: "7", 0: "0", 10000: "100", 1234: "12.34", 505: "5.05", 50: "0.5"}[want] {
			t.Errorf("format %d: %q", want, got)
		}
	}
	for _, bad := range []string{"", "-1", "100.01", "8.555", "abc", "8,5", ".5", "1e2", "1000"} {
		if _, err := ParseCommissionPercent(bad); ErrorCode(err) != EInvalid {
			t.Errorf("%q accepted: %v", bad, err)
		}
	}
}

func TestCommissionAndReversal(t *testing.T) {
	if c := CommissionCents(2500, 850); c != 213 { // 212.5 rounds half up
		t.Fatalf("commission %d", c)
	}
	if c := CommissionCents(0, 850); c != 0 {
		t.Fatalf("commission of nothing %d", c)
	}
	now := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	later := now.AddDate(0, 1, 0)
	rows := IncomeEarnings(7, EarningTicket, "ticket_order:1", 2500, 850, later, now)
	if len(rows) != 2 || rows[0].AmountCents != 2500 || rows[1].AmountCents != -213 || rows[1].Kind != EarningCommission {
		t.Fatalf("income %+v", rows)
	}
	// All of it back: the whole commission back, available when the income was.
	back := ReversalEarnings(EarningRefund, rows[0], rows[1], 3, 3, now)
	if len(back) != 2 || back[0].AmountCents != -2500 || back[1].AmountCents != 213 || !back[0].AvailableAt.Equal(later) {
		t.Fatalf("whole reversal %+v", back)
	}
	// A third back: its share, rounded.
	back = ReversalEarnings(EarningRefund, rows[0], rows[1], 1, 3, later.AddDate(0, 0, 1))
	if back[0].AmountCents != -833 || back[1].AmountCents != 71 || !back[0].AvailableAt.Equal(later.AddDate(0, 0, 1)) {
		t.Fatalf("partial reversal %+v", back)
	}
	if ReversalEarnings(EarningRefund, FestivalEarning{}, FestivalEarning{}, 1, 1, now) != nil {
		t.Fatal("a reversal of no income")
	}
}

func TestEarningsAvailability(t *testing.T) {
	paid := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	if at := EntryFeeAvailableAt("2026-09-07", paid); !at.Equal(time.Date(2026, 9, 8, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("entry fee %v", at)
	}
	if at := EntryFeeAvailableAt("2026-01-07", paid); !at.Equal(paid) {
		t.Fatalf("entry fee after the festival %v", at)
	}
	ends := paid.Add(48 * time.Hour)
	if at := TicketAvailableAt(ends, paid); !at.Equal(ends) {
		t.Fatalf("ticket %v", at)
	}
	if v := CreditValueFromPackages([][2]int64{{2500, 50}, {5000, 100}, {10000, 250}}); v != 40 {
		t.Fatalf("credit value %d", v)
	}
	if v := CreditValueFromPackages([][2]int64{{999, 10}}); v != 99 {
		t.Fatalf("credit value rounds down: %d", v)
	}
}

func TestBuildEarningsStatement(t *testing.T) {
	rows := []*FestivalEarning{
		{Kind: EarningEntryFee, AmountCents: 800}, {Kind: EarningCommission, AmountCents: -68},
		{Kind: EarningTicket, AmountCents: 2500}, {Kind: EarningCommission, AmountCents: -213},
		{Kind: EarningRefund, AmountCents: -2500}, {Kind: EarningCommissionReversal, AmountCents: 213},
		{Kind: EarningPayout, AmountCents: -500}, {Kind: EarningWithdrawal, AmountCents: -800}, {Kind: EarningCommissionReversal, AmountCents: 68},
	}
	s := BuildEarningsStatement("2026-03", 1000, rows)
	if s.EntryFeeCents != 800 || s.TicketCents != 2500 || s.RefundCents != -2500 || s.WithdrawalCents != -800 || s.CommissionCents != 0 ||
		s.PayoutCents != -500 || s.ClosingCents != 500 || s.EntryFees != 1 || s.TicketOrders != 1 {
		t.Fatalf("statement %+v", s)
	}
	if _, _, _, err := ParseStatementMonth("2026-3", time.Now()); ErrorCode(err) != EInvalid {
		t.Fatalf("bad month: %v", err)
	}
	m, start, end, err := ParseStatementMonth("", time.Date(2026, 12, 31, 23, 0, 0, 0, time.UTC))
	if err != nil || m != "2026-12" || !end.Equal(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)) || start.Day() != 1 {
		t.Fatalf("month %s %v %v %v", m, start, end, err)
	}
}
